import { describe, expect, it } from 'vitest';
import { checkPath, getAt, parsePath, pathsOverlap, setAt } from './path';

describe('parsePath', () => {
  it('reads fields and list items', () => {
    expect(parsePath('flows[1].rate')).toEqual({ ok: true, segments: ['flows', 1, 'rate'] });
    expect(parsePath('flows[0].tcp.vegas.alpha')).toEqual({
      ok: true,
      segments: ['flows', 0, 'tcp', 'vegas', 'alpha'],
    });
    expect(parsePath('duration')).toEqual({ ok: true, segments: ['duration'] });
    expect(parsePath('faults[0].seqs[2]')).toEqual({ ok: true, segments: ['faults', 0, 'seqs', 2] });
  });

  it('refuses what is not a path, saying why', () => {
    for (const bad of [
      '',
      '[1]',
      'flows[]',
      'flows[-1]',
      'flows[1.5]',
      'flows.',
      'flows..rate',
      'flows[1]rate',
      'a b',
    ]) {
      const r = parsePath(bad);
      expect(r.ok, bad).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/is not a field path/);
    }
  });
});

describe('checkPath', () => {
  const base = {
    duration: 10,
    flows: [
      { id: 'A', variant: 'reno' },
      { id: 'B', rate: 5 },
    ],
    measure: { from: 0 },
  };
  const check = (p: string) => checkPath(base, (parsePath(p) as { segments: (string | number)[] }).segments);

  it('accepts existing fields and missing optional ones', () => {
    expect(check('flows[1].rate')).toEqual({ ok: true, exists: true });
    expect(check('measure.to')).toEqual({ ok: true, exists: false });
    expect(check('flows[0].tcp.window')).toEqual({ ok: true, exists: false });
    expect(check('sampleInterval')).toEqual({ ok: true, exists: false });
  });

  it('refuses list items that do not exist and fields of non-objects', () => {
    expect(check('flows[2].rate')).toEqual({
      ok: false,
      message: 'flows[2] does not exist: the base scenario has flows[0] … flows[1]',
    });
    expect(check('faults[0].rate')).toEqual({
      ok: false,
      message: 'faults[0] does not exist: the base scenario has no faults',
    });
    expect(check('flows[0].variant.x')).toEqual({
      ok: false,
      message: 'flows[0].variant is a string, not an object: flows[0].variant.x cannot be set',
    });
    expect(check('duration[0]')).toEqual({
      ok: false,
      message: 'duration is a number, not a list: duration[0] does not exist',
    });
  });
});

describe('setAt and getAt', () => {
  it('copies along the path and leaves the original alone', () => {
    const base = { flows: [{ id: 'A', variant: 'reno' }, { id: 'B' }], links: [{ id: 'l' }] };
    const frozen = structuredClone(base);
    const out = setAt(base, ['flows', 0, 'variant'], 'vegas') as typeof base;
    expect(base).toEqual(frozen);
    expect(out.flows[0]).toEqual({ id: 'A', variant: 'vegas' });
    // Untouched branches are shared, not copied.
    expect(out.links).toBe(base.links);
    expect(out.flows[1]).toBe(base.flows[1]);
    expect(getAt(out, ['flows', 0, 'variant'])).toBe('vegas');
    expect(getAt(out, ['flows', 5, 'variant'])).toBeUndefined();
  });

  it('creates missing objects on the way', () => {
    const out = setAt({ flows: [{ id: 'A' }] }, ['flows', 0, 'tcp', 'window'], 40);
    expect(out).toEqual({ flows: [{ id: 'A', tcp: { window: 40 } }] });
  });

  it('throws on a list item that does not exist (callers check first)', () => {
    expect(() => setAt({ flows: [] }, ['flows', 0, 'rate'], 1)).toThrow();
  });
});

describe('pathsOverlap', () => {
  it('is true for equal paths and for one inside the other', () => {
    expect(pathsOverlap(['flows', 0], ['flows', 0, 'rate'])).toBe(true);
    expect(pathsOverlap(['flows', 0, 'rate'], ['flows', 0, 'rate'])).toBe(true);
    expect(pathsOverlap(['flows', 0, 'rate'], ['flows', 1, 'rate'])).toBe(false);
  });
});
