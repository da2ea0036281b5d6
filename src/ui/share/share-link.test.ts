import { deflateSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import { findPreset } from '../../presets/catalog';
import { findLesson } from '../../presets/lessons';
import {
  decodeShareHash,
  encodeShareHash,
  fromBase64Url,
  inflateCapped,
  MAX_LINK_CHARS,
  MAX_SCENARIO_BYTES,
  toBase64Url,
  type DecodeContext,
  type ShareState,
} from './share-link';

const ctx: DecodeContext = {
  parse: parseScenario,
  isPreset: (id) => findPreset(id) !== undefined || id === 'single-drop-reno',
  isLesson: (id) => findLesson(id) !== undefined,
  isLessonRun: (lesson, run) => findLesson(lesson)?.runs.some((r) => r.id === run) ?? false,
};

const base = () => JSON.parse(JSON.stringify(findPreset('lesson-one-loss')!.scenario)) as Record<string, any>;

function roundTrip(state: ShareState): ShareState | null {
  const decoded = decodeShareHash(encodeShareHash(state), ctx);
  if (!decoded.ok) throw new Error(`${decoded.message} ${decoded.details.join(' ')}`);
  return decoded.state;
}

const sFor = (payload: Uint8Array) => `#s=${toBase64Url(payload)}`;

function rejected(hash: string): string {
  const r = decodeShareHash(hash, ctx);
  expect(r.ok).toBe(false);
  return r.ok ? '' : `${r.message} ${r.details.join(' ')}`;
}

describe('base64url', () => {
  it('matches Node’s base64url for every length, and back', () => {
    for (let n = 0; n < 40; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 151 + n) & 255);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(Array.from(fromBase64Url(text)!)).toEqual(Array.from(bytes));
    }
  });

  it('refuses anything outside the URL-safe alphabet, padding, whitespace and impossible lengths', () => {
    for (const bad of ['ab+c', 'ab/c', 'abc=', 'ab c', 'a', 'abcde', 'é', '<script>']) expect(fromBase64Url(bad)).toBeNull();
  });
});

describe('inflateCapped', () => {
  it('inflates what deflate made', () => {
    const text = JSON.stringify({ a: 'x'.repeat(5000) });
    expect(new TextDecoder().decode(inflateCapped(deflateSync(strToU8(text)), 1e5) as Uint8Array)).toBe(text);
  });

  it('stops a decompression bomb early, and rejects truncated and foreign data', () => {
    const bomb = deflateSync(new Uint8Array(4_000_000), { level: 9 });
    expect(bomb.length).toBeLessThan(8_000);
    expect(inflateCapped(bomb, MAX_SCENARIO_BYTES)).toBe('too-large');
    const ok = deflateSync(strToU8(JSON.stringify(base())));
    expect(inflateCapped(ok.subarray(0, ok.length - 5), 1e6)).toBeNull();
    expect(inflateCapped(new Uint8Array([0xff, 0xfe, 0xfd, 0x00, 0x12]), 1e6)).toBeNull();
    expect(inflateCapped(new Uint8Array(0), 1e6)).toBeNull();
  });
});

describe('share links: encode and decode', () => {
  it('a preset is named by its id only', () => {
    const hash = encodeShareHash({ view: 'lab', scenario: { kind: 'preset', id: 'p000-ee-400' } });
    expect(hash).toBe('#p=p000-ee-400');
    expect(roundTrip({ view: 'lab', scenario: { kind: 'preset', id: 'p000-ee-400' } })).toEqual({ view: 'lab', scenario: { kind: 'preset', id: 'p000-ee-400' } });
  });

  it('a modified scenario travels whole, compressed, and comes back identical', () => {
    const input = base();
    input.links[1].bandwidth = '2Mbps';
    input.faults.push({ kind: 'dropSegments', flow: 'tcp', seqs: [250, 251] });
    input.seed = 42;
    const hash = encodeShareHash({ view: 'lab', scenario: { kind: 'full', input } });
    expect(hash).toMatch(/^#s=[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(JSON.stringify(input).length);
    expect(roundTrip({ view: 'lab', scenario: { kind: 'full', input } })).toEqual({ view: 'lab', scenario: { kind: 'full', input } });
  });

  it('carries the view, the lesson and its step', () => {
    const state: ShareState = { view: 'lessons', scenario: { kind: 'preset', id: 'single-drop-reno' }, lesson: 'one-loss', step: 4 };
    expect(encodeShareHash(state)).toBe('#p=single-drop-reno&v=lessons&l=one-loss&step=4');
    expect(roundTrip(state)).toEqual(state);
    expect(roundTrip({ view: 'experiment' })).toEqual({ view: 'experiment' });
    // A lesson without a view still means the Lessons view.
    expect(decodeShareHash('#l=multi-loss&step=2', ctx)).toEqual({ ok: true, state: { view: 'lessons', lesson: 'multi-loss', step: 2 } });
  });

  it('carries how the lesson is shown: the chosen run, a log axis, an unzoomed diagram', () => {
    const state: ShareState = { view: 'lessons', lesson: 'multi-loss', step: 3, run: 'sack', log: true, zoom: false };
    expect(encodeShareHash(state)).toBe('#v=lessons&l=multi-loss&step=3&run=sack&log=1&zoom=0');
    expect(roundTrip(state)).toEqual(state);
    // The defaults are left out of the link.
    expect(encodeShareHash({ view: 'lessons', lesson: 'multi-loss', log: false, zoom: true })).toBe('#v=lessons&l=multi-loss');
  });

  it('carries the presenter layout of the Lab, and only of the Lab', () => {
    const state: ShareState = { view: 'lab', scenario: { kind: 'preset', id: 'single-drop-reno' }, presenter: true };
    expect(encodeShareHash(state)).toBe('#p=single-drop-reno&pr=1');
    expect(roundTrip(state)).toEqual(state);
    expect(encodeShareHash({ view: 'lab', presenter: false })).toBe('');
    expect(decodeShareHash('#p=single-drop-reno&pr=0', ctx)).toEqual({ ok: true, state: { view: 'lab', scenario: { kind: 'preset', id: 'single-drop-reno' }, presenter: false } });
    const bad = (h: string) => {
      const r = decodeShareHash(h, ctx);
      return r.ok ? null : r.details.join(' ');
    };
    expect(bad('#p=single-drop-reno&pr=2')).toMatch(/"pr" must be 0 or 1/);
    expect(bad('#v=experiment&pr=1')).toMatch(/presenter layout/);
  });

  it('a fragment that is not a share link is left alone', () => {
    expect(decodeShareHash('', ctx)).toEqual({ ok: true, state: null });
    expect(decodeShareHash('#', ctx)).toEqual({ ok: true, state: null });
    expect(decodeShareHash('#main-content', ctx)).toEqual({ ok: true, state: null });
  });
});

describe('share links: hostile and broken links', () => {
  it('refuses a link that is too long before decoding anything', () => {
    expect(rejected(`#s=${'A'.repeat(MAX_LINK_CHARS + 1)}`)).toMatch(/too long/);
  });

  it('refuses a scenario that inflates past the cap (huge, or a bomb)', () => {
    const huge = base();
    huge.description = 'x'.repeat(MAX_SCENARIO_BYTES + 10);
    expect(rejected(sFor(deflateSync(strToU8(JSON.stringify(huge)))))).toMatch(/too much data/);
    expect(rejected(sFor(deflateSync(new Uint8Array(5_000_000))))).toMatch(/too much data/);
    // …and encoding one says so instead of making a link.
    expect(() => encodeShareHash({ view: 'lab', scenario: { kind: 'full', input: huge } })).toThrow(/too large for a link/);
  });

  it('refuses bad base64, a truncated link, data that is not deflate, and text that is not JSON', () => {
    expect(rejected('#s=abc$def')).toMatch(/not valid base64url/);
    expect(rejected('#s=')).toMatch(/not valid base64url/);
    const good = encodeShareHash({ view: 'lab', scenario: { kind: 'full', input: base() } });
    expect(rejected(good.slice(0, good.length - 12))).toMatch(/damaged|decompressed/);
    expect(rejected(sFor(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8])))).toMatch(/could not be decompressed/);
    expect(rejected(sFor(deflateSync(strToU8('{ "version": 1, oops'))))).toMatch(/not valid JSON/);
  });

  it('refuses JSON that is not a runnable scenario, with the loader’s field paths', () => {
    const bad = base();
    bad.links[1].bandwidth = 'very fast';
    expect(rejected(sFor(deflateSync(strToU8(JSON.stringify(bad)))))).toMatch(/links\[1\]\.bandwidth/);
    expect(rejected(sFor(deflateSync(strToU8('[1,2,3]'))))).toMatch(/cannot run/);
    expect(rejected(sFor(deflateSync(strToU8('"<img src=x onerror=alert(1)>"'))))).toMatch(/cannot run/);
  });

  it('keeps markup in a scenario as plain text (it is data; the page renders it as text)', () => {
    const input = base();
    input.name = '<script>window.pwned = 1</script>';
    input.description = '<img src=x onerror="alert(1)"> **bold**';
    const state = roundTrip({ view: 'lab', scenario: { kind: 'full', input } });
    expect(state?.scenario).toEqual({ kind: 'full', input });
    expect((state?.scenario as { input: { name: string } }).input.name).toBe('<script>window.pwned = 1</script>');
  });

  it('refuses unknown presets and lessons, and malformed parameters, quoting them as short text', () => {
    expect(rejected('#p=no-such-preset')).toMatch(/Unknown preset: "no-such-preset"/);
    expect(rejected('#p=%3Cscript%3Ealert(1)%3C%2Fscript%3E')).toMatch(/Unknown preset/);
    expect(rejected('#p=%E0%A4%A')).toMatch(/not properly encoded/);
    expect(rejected(`#p=${'a'.repeat(500)}`)).toMatch(/…/);
    expect(rejected('#p=single-drop-reno&s=AAAA')).toMatch(/both/);
    expect(rejected('#p=single-drop-reno&p=p000-ee-400')).toMatch(/twice/);
    expect(rejected('#v=admin')).toMatch(/Unknown view/);
    expect(rejected('#v=lessons&l=no-such-lesson')).toMatch(/Unknown lesson/);
    expect(rejected('#v=lessons&l=one-loss&step=-1')).toMatch(/whole number/);
    expect(rejected('#v=lessons&l=one-loss&step=1e3')).toMatch(/whole number/);
    expect(rejected('#v=lessons&step=3')).toMatch(/no lesson/);
    expect(rejected('#v=lab&l=one-loss')).toMatch(/not the Lessons view/);
    expect(rejected('#v=lessons&l=one-loss&run=vegas')).toMatch(/Unknown run: "vegas"/);
    expect(rejected('#v=lessons&run=reno')).toMatch(/no lesson/);
    expect(rejected('#v=lessons&l=one-loss&log=yes')).toMatch(/"log" must be 0 or 1/);
    expect(rejected('#v=experiment&zoom=0')).toMatch(/names no lesson/);
  });

  it('never throws, whatever the fragment', () => {
    const samples = ['#s=%', '#p=', '#=&=&', '#s=____', '#step=99999999999', `#s=${'-'.repeat(4000)}`, '#l=__proto__', '#p=constructor'];
    for (const s of samples) expect(() => decodeShareHash(s, ctx)).not.toThrow();
    expect(decodeShareHash('#l=__proto__', ctx).ok).toBe(false);
  });
});
