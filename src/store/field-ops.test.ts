/**
 * Field edits as data, and `settle`: which typed values a valid scenario can
 * take, alone or together, and the loader's reasons for the rest.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/scenario';
import { addFlow, asDoc, type ScenarioDoc } from './edit-ops';
import { applyField, fieldKey, fieldPath, fieldValueIn, settle, type FieldRef, type PendingField } from './field-ops';

const reno = (): ScenarioDoc => asDoc(JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')));
const valid = (doc: ScenarioDoc) => {
  const r = parseScenario(doc);
  if (!r.ok) throw new Error(r.issues.map((i) => `${i.path}: ${i.message}`).join('\n'));
  return r;
};
const pending = (ref: FieldRef, text: string, value: unknown = text): PendingField => ({
  ref,
  key: fieldKey(ref),
  what: 'test',
  text,
  value,
  issues: [],
});

const bandwidth: FieldRef = { target: { on: 'link', id: 'l2' }, field: ['bandwidth'] };
const duration: FieldRef = { target: { on: 'run' }, field: ['duration'] };
const sampleInterval: FieldRef = { target: { on: 'run' }, field: ['sampleInterval'] };

describe('field edits as data', () => {
  it('names a field by its item’s id: the key survives edits that reorder the lists', () => {
    expect(fieldKey(bandwidth)).toBe('link:l2/bandwidth');
    expect(fieldKey({ target: { on: 'flow', id: 'reno' }, field: ['tcp', 'vegas', 'alpha'] })).toBe(
      'flow:reno/tcp.vegas.alpha',
    );
    const doc = reno();
    expect(fieldPath(doc, bandwidth)).toBe('links[1].bandwidth');
    expect(fieldPath({ ...doc, links: [doc.links[1]!] }, bandwidth)).toBe('links[0].bandwidth');
    expect(fieldPath({ ...doc, links: [] }, bandwidth)).toBeNull();
    expect(fieldPath(doc, { target: { on: 'run' }, field: ['measure', 'to'] })).toBe('measure.to');
  });

  it('sets each kind of field with the edit that keeps the file tidy', () => {
    const doc = reno();
    expect(fieldValueIn(applyField(doc, bandwidth, '2Mbps'), bandwidth)).toBe('2Mbps');
    expect(
      applyField(doc, { target: { on: 'link', id: 'l2' }, field: ['queue', 'limit'] }, 20).links[1]!.queue,
    ).toEqual({ type: 'droptail', limit: 20 });
    const tcp = applyField(doc, { target: { on: 'flow', id: 'reno' }, field: ['tcp', 'vegas', 'alpha'] }, 2);
    expect(tcp.flows[0]!.tcp).toMatchObject({ vegas: { alpha: 2 } });
    // Back to the default: the empty objects go.
    expect(
      applyField(tcp, { target: { on: 'flow', id: 'reno' }, field: ['tcp', 'vegas', 'alpha'] }, undefined).flows[0]!
        .tcp,
    ).toEqual(doc.flows[0]!.tcp);
    const renamed = applyField(doc, { target: { on: 'node', id: 'r1' }, field: ['id'] }, 'gw');
    expect(renamed.links.map((l) => [l.a, l.b])).toEqual([
      ['server', 'gw'],
      ['gw', 'client'],
    ]);
    const from: FieldRef = { target: { on: 'run' }, field: ['measure', 'from'] };
    const to: FieldRef = { target: { on: 'run' }, field: ['measure', 'to'] };
    const measured = applyField(applyField(doc, to, undefined), from, 2);
    expect(measured.measure).toEqual({ from: 2 });
    // Both ends back to their defaults: the measurement window goes from the file.
    expect(applyField(measured, from, undefined).measure).toBeUndefined();
    expect(applyField(doc, { target: { on: 'fault', index: 0 }, field: ['seqs'] }, [7]).faults![0]).toMatchObject({
      seqs: [7],
    });
    expect(() => applyField(doc, { target: { on: 'link', id: 'nope' }, field: ['delay'] }, 1)).toThrow(
      'there is no link "nope"',
    );
  });
});

describe('a request/response flow', () => {
  it('edits a nested field of the flow and keeps the rest of its object', () => {
    const doc = addFlow(reno(), 'transaction', 'client', 'server').doc;
    const think = (k: string): FieldRef => ({ target: { on: 'flow', id: 'rr1' }, field: ['thinkTime', k] });
    const next = applyField(applyField(doc, think('distribution'), 'constant'), think('mean'), 0.25);
    expect(next.flows[1]).toMatchObject({ kind: 'transaction', thinkTime: { distribution: 'constant', mean: 0.25 } });
    const flow = valid(next).scenario.flows[1]!;
    expect(flow.kind === 'transaction' && flow.thinkTime).toEqual({ distribution: 'constant', mean: 0.25 });
  });
});

describe('settling typed values on a valid scenario', () => {
  it('takes a valid value and keeps an invalid one, with the loader’s reasons', () => {
    const doc = reno();
    const ok = settle(doc, valid(doc), [pending(bandwidth, '2Mbps')], parseScenario);
    expect(ok.pending).toEqual([]);
    expect(ok.base.links[1]!.bandwidth).toBe('2Mbps');

    const bad = settle(doc, valid(doc), [pending(bandwidth, '0', 0)], parseScenario);
    expect(bad.base).toBe(doc);
    expect(bad.pending).toHaveLength(1);
    expect(bad.pending[0]!.issues).toEqual([{ path: 'links[1].bandwidth', message: 'must be greater than 0 (got 0)' }]);
  });

  it('a 2-day run waits for a sample interval coarse enough, then both are taken', () => {
    const doc = reno();
    const first = settle(doc, valid(doc), [pending(duration, '172800', 172_800)], parseScenario);
    expect(first.pending[0]!.issues[0]!.path).toBe('sampleInterval');
    const both = settle(
      first.base,
      first.result as never,
      [...first.pending, pending(sampleInterval, '1', 1)],
      parseScenario,
    );
    expect(both.pending).toEqual([]);
    expect(both.base).toMatchObject({ duration: 172_800, sampleInterval: 1 });
  });

  it('takes values that are only valid together (RED thresholds moved past each other)', () => {
    const doc = asDoc({
      ...reno(),
      links: reno().links.map((l) =>
        l.id === 'l2' ? { ...l, queue: { type: 'red', limit: 100, minThresh: 5, maxThresh: 15 } } : l,
      ),
    });
    const min: FieldRef = { target: { on: 'link', id: 'l2' }, field: ['queue', 'minThresh'] };
    const max: FieldRef = { target: { on: 'link', id: 'l2' }, field: ['queue', 'maxThresh'] };
    const one = settle(doc, valid(doc), [pending(min, '40', 40)], parseScenario);
    expect(one.pending).toHaveLength(1);
    const two = settle(one.base, one.result as never, [...one.pending, pending(max, '60', 60)], parseScenario);
    expect(two.pending).toEqual([]);
    expect(two.base.links[1]!.queue).toMatchObject({ minThresh: 40, maxThresh: 60 });
  });

  it('drops a value whose item is gone', () => {
    const doc = reno();
    const gone = { ...doc, links: doc.links.filter((l) => l.id !== 'l2'), flows: [], faults: [] };
    const r = settle(asDoc(gone), valid(asDoc(gone)), [pending(bandwidth, '0', 0)], parseScenario);
    expect(r.pending).toEqual([]);
  });
});
