/**
 * Share links: the page's state in the address's fragment (never sent to a
 * server), and back. Pure functions; the page part is in ./apply.ts.
 *
 *   #p=<preset id>                          a preset or example, unchanged
 *   #s=<base64url(deflate(scenario JSON))>   any scenario, as written
 *   …&v=lessons&l=<lesson id>&step=<n>       the Lessons view at a step
 *   …&run=<run id>&log=1&zoom=0              and how it shows it: the run the
 *                                            time-sequence diagram shows, cwnd on a
 *                                            log axis, the diagram not zoomed to the step
 *   …&v=experiment                           the Experiment view
 *   …&pr=1                                   the Lab in the presenter layout
 *
 * `p` and `s` exclude each other; `v` defaults to the Lab. A link is
 * untrusted input: every part is checked (sizes first, then base64, deflate,
 * JSON, the scenario loader, known preset and lesson ids) and any problem
 * gives one plain-text message — the caller shows the default scenario.
 * Nothing decoded here is ever meant to be rendered as HTML.
 */
import { Inflate, deflateSync, strFromU8, strToU8 } from 'fflate';
import type { ParseResult } from '../../engine/scenario/types';

export type ShareView = 'lab' | 'lessons' | 'experiment';

export type SharedScenario = { kind: 'preset'; id: string } | { kind: 'full'; input: unknown };

export interface ShareState {
  /** the Lab's scenario; absent: leave it as it is */
  scenario?: SharedScenario;
  view: ShareView;
  /** lesson id (view "lessons") */
  lesson?: string;
  /** lesson step, from 0 (view "lessons") */
  step?: number;
  /** the lesson run the time-sequence diagram shows (absent: the current step's) */
  run?: string;
  /** cwnd on a logarithmic axis (absent: linear) */
  log?: boolean;
  /** the time-sequence diagram zoomed around the step (absent: zoomed, the default) */
  zoom?: boolean;
  /** the Lab in the presenter layout (view "lab"; absent: as the reader has it) */
  presenter?: boolean;
}

/** Longest fragment read at all (characters). */
export const MAX_LINK_CHARS = 200_000;
/** Largest scenario a link may carry, as JSON text (bytes, after inflating). */
export const MAX_SCENARIO_BYTES = 100_000;
/** Highest lesson step a link may ask for. */
export const MAX_STEP = 100_000;

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
const VIEWS: readonly ShareView[] = ['lab', 'lessons', 'experiment'];

// ---------------------------------------------------------------------------
// base64url (RFC 4648 §5, no padding)
// ---------------------------------------------------------------------------

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  let i = 0;
  for (; i + 2 < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8) | bytes[i + 2];
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63] + ALPHABET[n & 63];
  }
  const rest = bytes.length - i;
  if (rest === 1) {
    const n = bytes[i] << 16;
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63];
  } else if (rest === 2) {
    const n = (bytes[i] << 16) | (bytes[i + 1] << 8);
    out += ALPHABET[n >> 18] + ALPHABET[(n >> 12) & 63] + ALPHABET[(n >> 6) & 63];
  }
  return out;
}

/** Strict: only the URL-safe alphabet, no padding, no whitespace; null if anything else. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (text.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let o = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const v = c < 128 ? LOOKUP[c] : -1;
    if (v < 0) return null;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, o);
}

// ---------------------------------------------------------------------------
// deflate with a size cap
// ---------------------------------------------------------------------------

export function deflateText(text: string): Uint8Array {
  return deflateSync(strToU8(text), { level: 9 });
}

class TooLarge extends Error {}

/**
 * Inflate raw DEFLATE data, giving up as soon as the output passes `max`
 * bytes: the input is fed in small pieces, so even a "zip bomb" never
 * allocates much more than `max`. Null for data that is not DEFLATE, is
 * truncated, or inflates to more than `max`; `'too-large'` for the last.
 */
export function inflateCapped(data: Uint8Array, max: number): Uint8Array | null | 'too-large' {
  const chunks: Uint8Array[] = [];
  let total = 0;
  let ended = false;
  const stream = new Inflate((chunk, final) => {
    total += chunk.length;
    if (total > max) throw new TooLarge();
    chunks.push(chunk);
    if (final) ended = true;
  });
  try {
    const PIECE = 512;
    for (let i = 0; i < data.length; i += PIECE) {
      const end = Math.min(data.length, i + PIECE);
      stream.push(data.subarray(i, end), end === data.length);
    }
    if (data.length === 0) return null;
  } catch (err) {
    return err instanceof TooLarge ? 'too-large' : null;
  }
  if (!ended) return null;
  const out = new Uint8Array(total);
  let o = 0;
  for (const c of chunks) {
    out.set(c, o);
    o += c.length;
  }
  return out;
}

// ---------------------------------------------------------------------------
// encode
// ---------------------------------------------------------------------------

/** The scenario part of a link: `s=` and the compressed JSON. Throws if the scenario is too large for a link. */
export function encodeScenario(input: unknown): string {
  const json = JSON.stringify(input);
  if (json === undefined) throw new Error('there is no scenario to share');
  const bytes = strToU8(json);
  if (bytes.length > MAX_SCENARIO_BYTES) {
    throw new Error(`the scenario is too large for a link (${Math.round(bytes.length / 1000)} kB; at most ${MAX_SCENARIO_BYTES / 1000} kB): use Export scenario instead`);
  }
  return toBase64Url(deflateSync(bytes, { level: 9 }));
}

/** The fragment for a state, starting with '#' ('' for the plain Lab with nothing to restore). */
export function encodeShareHash(state: ShareState): string {
  const parts: string[] = [];
  if (state.scenario?.kind === 'preset') parts.push(`p=${encodeURIComponent(state.scenario.id)}`);
  else if (state.scenario?.kind === 'full') parts.push(`s=${encodeScenario(state.scenario.input)}`);
  if (state.view !== 'lab') parts.push(`v=${state.view}`);
  if (state.view === 'lab' && state.presenter) parts.push('pr=1');
  if (state.view === 'lessons' && state.lesson) {
    parts.push(`l=${encodeURIComponent(state.lesson)}`);
    if (state.step !== undefined && state.step > 0) parts.push(`step=${Math.floor(state.step)}`);
    if (state.run) parts.push(`run=${encodeURIComponent(state.run)}`);
    if (state.log) parts.push('log=1');
    if (state.zoom === false) parts.push('zoom=0');
  }
  return parts.length ? `#${parts.join('&')}` : '';
}

// ---------------------------------------------------------------------------
// decode
// ---------------------------------------------------------------------------

export interface DecodeContext {
  /** the scenario loader (parseScenario) */
  parse(input: unknown): ParseResult;
  /** a preset or example id the page knows */
  isPreset(id: string): boolean;
  /** a lesson id the page knows */
  isLesson(id: string): boolean;
  /** a run id of that lesson */
  isLessonRun(lesson: string, run: string): boolean;
}

export type DecodeResult =
  /** not a share link at all (empty, or a fragment the page does not use): nothing to do */
  | { ok: true; state: null }
  | { ok: true; state: ShareState }
  | { ok: false; message: string; details: string[] };

const KNOWN_KEYS = new Set(['p', 's', 'v', 'l', 'step', 'run', 'log', 'zoom', 'pr']);

function fail(message: string, details: string[] = []): DecodeResult {
  return { ok: false, message, details };
}

/** Show at most this much of something a link contained, as text. */
export function excerpt(s: string, max = 60): string {
  // Control characters (C0 and DEL) are what is being replaced: matching them is the point.
  // eslint-disable-next-line no-control-regex
  const flat = s.replace(/[\u0000-\u001f\u007f]/g, ' ');
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

/**
 * Read a fragment (`location.hash`, with or without '#'). Never throws. A
 * fragment with none of the link's keys is not a share link (state null).
 */
export function decodeShareHash(hash: string, ctx: DecodeContext): DecodeResult {
  try {
    return decode(hash, ctx);
  } catch (err) {
    return fail('This link could not be read.', [excerpt(err instanceof Error ? err.message : String(err), 200)]);
  }
}

function decode(hash: string, ctx: DecodeContext): DecodeResult {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (raw.length === 0) return { ok: true, state: null };
  if (raw.length > MAX_LINK_CHARS) {
    return fail('This link is too long to be a scenario link.', [`${raw.length.toLocaleString('en')} characters; at most ${MAX_LINK_CHARS.toLocaleString('en')}.`]);
  }
  const params = new Map<string, string>();
  for (const part of raw.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const k = eq < 0 ? part : part.slice(0, eq);
    const v = eq < 0 ? '' : part.slice(eq + 1);
    if (!KNOWN_KEYS.has(k)) continue;
    if (params.has(k)) return fail('This link is malformed.', [`"${excerpt(k)}" appears twice.`]);
    params.set(k, v);
  }
  if (params.size === 0) return { ok: true, state: null };

  const state: ShareState = { view: 'lab' };
  const p = params.get('p');
  const s = params.get('s');
  if (p !== undefined && s !== undefined) return fail('This link is malformed.', ['It names both a preset (p) and a scenario (s).']);

  if (p !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(p);
    } catch {
      return fail('This link is malformed.', ['The preset id is not properly encoded.']);
    }
    if (!ID.test(id) || !ctx.isPreset(id)) return fail('This link names a scenario the page does not have.', [`Unknown preset: "${excerpt(id)}".`]);
    state.scenario = { kind: 'preset', id };
  } else if (s !== undefined) {
    const bytes = fromBase64Url(s);
    if (!bytes || bytes.length === 0) return fail('This link is damaged: its scenario is not valid base64url text.', ['It may have been cut short or changed when it was copied.']);
    const inflated = inflateCapped(bytes, MAX_SCENARIO_BYTES);
    if (inflated === 'too-large') return fail('This link carries too much data.', [`A scenario link may hold at most ${MAX_SCENARIO_BYTES / 1000} kB of scenario.`]);
    if (!inflated) return fail('This link is damaged: its scenario could not be decompressed.', ['It may have been cut short when it was copied.']);
    let text: string;
    try {
      text = strFromU8(inflated);
    } catch {
      return fail('This link is damaged: its scenario is not text.');
    }
    let input: unknown;
    try {
      input = JSON.parse(text);
    } catch (err) {
      return fail('This link is damaged: its scenario is not valid JSON.', [excerpt(err instanceof Error ? err.message : String(err), 120)]);
    }
    const parsed = ctx.parse(input);
    if (!parsed.ok) {
      return fail(
        'This link carries a scenario the lab cannot run.',
        parsed.issues.slice(0, 8).map((i) => excerpt(`${i.path}: ${i.message}`, 200)),
      );
    }
    state.scenario = { kind: 'full', input };
  }

  const v = params.get('v');
  if (v !== undefined) {
    if (!(VIEWS as readonly string[]).includes(v)) return fail('This link is malformed.', [`Unknown view: "${excerpt(v)}".`]);
    state.view = v as ShareView;
  }
  const l = params.get('l');
  const step = params.get('step');
  if ((l !== undefined || step !== undefined) && state.view !== 'lessons') {
    if (v === undefined) state.view = 'lessons';
    else return fail('This link is malformed.', ['A lesson is named, but the view is not the Lessons view.']);
  }
  if (l !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(l);
    } catch {
      return fail('This link is malformed.', ['The lesson id is not properly encoded.']);
    }
    if (!ID.test(id) || !ctx.isLesson(id)) return fail('This link names a lesson the page does not have.', [`Unknown lesson: "${excerpt(id)}".`]);
    state.lesson = id;
  }
  if (step !== undefined) {
    if (!/^\d{1,6}$/.test(step) || Number(step) > MAX_STEP) return fail('This link is malformed.', [`The lesson step must be a whole number, not "${excerpt(step)}".`]);
    if (state.lesson === undefined) return fail('This link is malformed.', ['It gives a lesson step but no lesson.']);
    state.step = Number(step);
  }
  // How the lesson is shown: only with a lesson, each value one the page knows.
  const run = params.get('run');
  if (run !== undefined) {
    let id: string;
    try {
      id = decodeURIComponent(run);
    } catch {
      return fail('This link is malformed.', ['The run id is not properly encoded.']);
    }
    if (state.lesson === undefined) return fail('This link is malformed.', ['It names a lesson run but no lesson.']);
    if (!ID.test(id) || !ctx.isLessonRun(state.lesson, id)) return fail('This link names a run the lesson does not have.', [`Unknown run: "${excerpt(id)}".`]);
    state.run = id;
  }
  for (const key of ['log', 'zoom'] as const) {
    const flag = params.get(key);
    if (flag === undefined) continue;
    if (flag !== '0' && flag !== '1') return fail('This link is malformed.', [`"${key}" must be 0 or 1, not "${excerpt(flag)}".`]);
    if (state.lesson === undefined) return fail('This link is malformed.', [`It sets "${key}" but names no lesson.`]);
    state[key] = flag === '1';
  }
  const pr = params.get('pr');
  if (pr !== undefined) {
    if (pr !== '0' && pr !== '1') return fail('This link is malformed.', [`"pr" must be 0 or 1, not "${excerpt(pr)}".`]);
    if (state.view !== 'lab') return fail('This link is malformed.', ['The presenter layout ("pr") is the Lab’s, but the link opens another view.']);
    state.presenter = pr === '1';
  }
  return { ok: true, state };
}
