/**
 * Quantities with units: bandwidths, times and sizes.
 *
 * A scenario may give a quantity as a number in base units (bit/s, seconds,
 * bytes) or as a string with a unit ("1.5Mbps", "10ms", "64KiB"). Parsing never
 * throws: it returns the value in base units or a message that says what form
 * is accepted and echoes what was given, ready to follow a field path.
 */

export type QuantityResult = { ok: true; value: number } | { ok: false; message: string };

/** Which values a field accepts: strictly above 0, 0 and above, or any finite value. */
export type Sign = 'positive' | 'nonnegative' | 'any';

/** A kind of quantity: how its units read and how messages describe it. */
export interface Dimension {
  /** what the value is, for messages: "a negative bandwidth" */
  noun: string;
  /** the accepted form, completing "must be …" */
  form: string;
  /** unit names listed when a unit is not recognized */
  known: string;
  /**
   * Resolve a unit (already trimmed, '' when absent) to a scale: either a power
   * of ten (applied to the decimal string, so "1.1MB" is exactly 1100000) or a
   * plain factor. A string result is a specific hint for a near miss.
   */
  unit(unit: string): { pow10: number } | { factor: number } | string | undefined;
}

const BANDWIDTH_UNITS: Record<string, number> = {
  '': 0,
  bps: 0,
  'b/s': 0,
  'bit/s': 0,
  'bits/s': 0,
  kbps: 3,
  kb: 3,
  'kb/s': 3,
  'kbit/s': 3,
  mbps: 6,
  mb: 6,
  'mb/s': 6,
  'mbit/s': 6,
  gbps: 9,
  gb: 9,
  'gb/s': 9,
  'gbit/s': 9,
};

export const BANDWIDTH: Dimension = {
  noun: 'bandwidth',
  form: 'a bandwidth such as "10Mbps" or a number of bit/s',
  known: 'bps, kbps, Mbps, Gbps (also kb, Mb, Gb, Mbit/s)',
  unit(unit) {
    // A capital B means bytes ("MBps" is 8 times "Mbps"); refuse rather than guess.
    if (unit.includes('B')) return `bandwidths are in bits: write "Mbps" or "Mb", not "${unit}" (bytes)`;
    // Case-insensitive otherwise: "mbps" can only mean megabits (millibits make no sense).
    const key = unit.toLowerCase();
    return Object.hasOwn(BANDWIDTH_UNITS, key) ? { pow10: BANDWIDTH_UNITS[key]! } : undefined;
  },
};

const TIME_UNITS: Record<string, { pow10: number } | { factor: number }> = {
  '': { pow10: 0 },
  s: { pow10: 0 },
  sec: { pow10: 0 },
  ms: { pow10: -3 },
  us: { pow10: -6 },
  '\u00b5s': { pow10: -6 }, // µ MICRO SIGN
  '\u03bcs': { pow10: -6 }, // μ GREEK SMALL LETTER MU
  ns: { pow10: -9 },
  min: { factor: 60 },
};

export const TIME: Dimension = {
  noun: 'time',
  form: 'a time such as "10ms" or a number of seconds',
  known: 's, ms, us (µs), ns, min',
  unit(unit) {
    const key = unit.toLowerCase();
    return Object.hasOwn(TIME_UNITS, key) ? TIME_UNITS[key] : undefined;
  },
};

const BYTE_UNITS: Record<string, { pow10: number } | { factor: number }> = {
  '': { pow10: 0 },
  B: { pow10: 0 },
  byte: { pow10: 0 },
  bytes: { pow10: 0 },
  kB: { pow10: 3 },
  KB: { pow10: 3 },
  MB: { pow10: 6 },
  GB: { pow10: 9 },
  KiB: { factor: 1024 },
  MiB: { factor: 1024 ** 2 },
  GiB: { factor: 1024 ** 3 },
};

export const BYTES: Dimension = {
  noun: 'size',
  form: 'a size such as "64KB" or a number of bytes',
  known: 'B, kB (KB), MB, GB, KiB, MiB, GiB',
  unit(unit) {
    // Case matters here: a lowercase b is bits, and silently reading it as bytes would be 8× off.
    if (Object.hasOwn(BYTE_UNITS, unit)) return BYTE_UNITS[unit];
    if (/^[kKmMgG]?i?b(it|its|ps)?$/.test(unit)) {
      return `sizes are in bytes, written with a capital B ("64KB"); "${unit}" reads as bits`;
    }
    return undefined;
  },
};

// A decimal number, optionally signed and with an exponent, then an optional unit.
const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(?:[eE]([+-]?\d{1,6}))?\s*(.*)$/s;

/** Parse `value` as a quantity of `dim` in base units, accepting only `sign`. */
export function parseQuantity(dim: Dimension, value: unknown, sign: Sign): QuantityResult {
  const got = describeValue(value);
  if (value === undefined) return fail(`is required: ${dim.form}`);
  let result: number;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return fail(`must be ${dim.form}, and finite (got ${got})`);
    result = value;
  } else if (typeof value === 'string') {
    const match = QUANTITY.exec(value.trim());
    if (!match) return fail(`must be ${dim.form} (got ${got})`);
    const [, signText, digits, exponent, unitText] = match;
    const unit = dim.unit((unitText ?? '').trim());
    if (unit === undefined) return fail(`must be ${dim.form} (got ${got}); known units: ${dim.known}`);
    if (typeof unit === 'string') return fail(`${unit} (got ${got})`);
    // Apply a power of ten in the decimal exponent, not by multiplying, so the
    // conversion is as exact as the text ("0.1ms" is the double nearest 1e-4).
    const exp = Number(exponent ?? '0') + ('pow10' in unit ? unit.pow10 : 0);
    result = Number(`${signText}${digits}e${exp}`) * ('factor' in unit ? unit.factor : 1);
    if (!Number.isFinite(result)) return fail(`is too large (got ${got})`);
  } else {
    return fail(`must be ${dim.form} (got ${got})`);
  }
  if (result === 0) result = 0; // fold -0, which would print as "0" anyway
  if (sign !== 'any' && result < 0) {
    return fail(`must be ${sign === 'positive' ? 'greater than 0' : '0 or more'} (got a negative ${dim.noun}: ${got})`);
  }
  if (sign === 'positive' && result === 0) return fail(`must be greater than 0 (got ${got})`);
  return { ok: true, value: result };
}

export const parseBandwidth = (value: unknown, sign: Sign = 'positive'): QuantityResult =>
  parseQuantity(BANDWIDTH, value, sign);
export const parseTime = (value: unknown, sign: Sign = 'nonnegative'): QuantityResult =>
  parseQuantity(TIME, value, sign);
export const parseBytes = (value: unknown, sign: Sign = 'positive'): QuantityResult =>
  parseQuantity(BYTES, value, sign);

function fail(message: string): QuantityResult {
  return { ok: false, message };
}

/** A short, safe rendering of any value for "(got …)" in messages. */
export function describeValue(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
      return JSON.stringify(shown);
    }
    case 'number':
      return Object.is(value, -0) ? '0' : String(value);
    case 'boolean':
      return String(value);
    case 'undefined':
      return 'nothing';
    case 'object':
      if (value === null) return 'null';
      return Array.isArray(value) ? 'a list' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}
