/**
 * A number cell written straight into a byte buffer, exactly as formatNumber
 * (csv-cells.ts) writes it as text. The two sampled files are millions of
 * such cells; building a string per cell and a line per row, then joining
 * and encoding them, cost the command-line runner about half a second of
 * CPU time on a 22-flow, 100 s run, and as much in garbage collection. Here
 * the common cases are digits written into a buffer the caller reuses, and
 * anything unusual goes through formatNumber itself, so the text cannot
 * differ (csv-number-bytes.test.ts checks both against each other on
 * generated numbers). Browser-safe: no Node APIs.
 */
import { formatNumber } from './csv-cells';

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6];
const MINUS = 45; // '-'
const POINT = 46; // '.'
const ZERO = 48; // '0'
/** Below this an integer's digits are exact in a double's arithmetic (2^53). */
const EXACT = 9007199254740992;

/**
 * Room a cell may need: the longest text formatNumber writes is the largest
 * double written out in full (309 digits and a sign).
 */
export const MAX_NUMBER_BYTES = 352;

/**
 * Write `x` rounded to `decimals` places at `buf[at…]`, as formatNumber would
 * (plain decimal, trailing zeros trimmed, '' for NaN and ±Infinity, never
 * "-0"); returns the index after it. `buf` needs MAX_NUMBER_BYTES of room.
 */
export function putNumber(buf: Uint8Array, at: number, x: number, decimals: number): number {
  if (x !== x || x === Infinity || x === -Infinity) return at;
  if (x === 0) {
    buf[at] = ZERO;
    return at + 1;
  }
  // Integers (counts, cumulative bytes): String(x) is their digits, and a
  // double below 2^53 divides by ten exactly.
  if (Number.isInteger(x) && x < EXACT && x > -EXACT) {
    if (x < 0) {
      buf[at++] = MINUS;
      x = -x;
    }
    return putDigits(buf, at, x, 0);
  }
  // formatNumber's fast path: n = x rounded to an integer count of 10^-d,
  // printed back as the decimal n × 10^-d (String(n / 10^d) prints exactly
  // that decimal, its trailing zeros gone). Here the digits of n are written
  // with the point put in and the zeros trimmed, under the same limits.
  if (decimals >= 0 && decimals <= 6 && Number.isInteger(decimals)) {
    const scale = POW10[decimals]!;
    const neg = x < 0;
    const n = neg ? Math.round(-x * scale) : Math.round(x * scale);
    if (n < 2147483648) {
      if (n === 0) {
        buf[at] = ZERO;
        return at + 1;
      }
      if (neg) buf[at++] = MINUS;
      return putScaled(buf, at, n | 0, decimals);
    }
    if (n < 1e15) {
      // n is 2^31 or more here: the zero case went above.
      if (neg) buf[at++] = MINUS;
      let whole = Math.floor(n / scale);
      let frac = n - whole * scale;
      // The quotient may land a hair off an integer: put whole and frac back in range, exactly.
      if (frac < 0) {
        whole--;
        frac += scale;
      } else if (frac >= scale) {
        whole++;
        frac -= scale;
      }
      at = putDigits(buf, at, whole, 0);
      if (frac === 0) return at;
      let places = decimals;
      while (frac % 10 === 0) {
        frac /= 10;
        places--;
      }
      buf[at++] = POINT;
      return putDigits(buf, at, frac, places);
    }
  }
  const s = formatNumber(x, decimals);
  for (let i = 0; i < s.length; i++) buf[at++] = s.charCodeAt(i);
  return at;
}

/**
 * The decimal n × 10^-places of a positive integer n below 2^31, the
 * trailing zeros of its fraction trimmed: integer divisions from the right,
 * the point put in on the way (in node, a row of timeseries.csv 184 → 163
 * ns against the whole and the fraction written apart, the zeros trimmed by
 * a double's remainder).
 */
function putScaled(buf: Uint8Array, at: number, n: number, places: number): number {
  let v = n;
  while (places > 0) {
    const q = (v / 10) | 0;
    if (q * 10 !== v) break;
    v = q;
    places--;
  }
  const len = digitCount(v);
  // At least one digit before the point: 0.05, not .05.
  const end = at + (len > places ? len : places + 1) + (places > 0 ? 1 : 0);
  let i = end - 1;
  for (let k = 0; k < places; k++) {
    const q = (v / 10) | 0;
    buf[i--] = ZERO + (v - q * 10);
    v = q;
  }
  if (places > 0) buf[i--] = POINT;
  while (i >= at) {
    const q = (v / 10) | 0;
    buf[i--] = ZERO + (v - q * 10);
    v = q;
  }
  return end;
}

/** Decimal digits of a non-negative integer below 2^31. */
function digitCount(v: number): number {
  if (v < 100000) return v < 100 ? (v < 10 ? 1 : 2) : v < 1000 ? 3 : v < 10000 ? 4 : 5;
  return v < 10000000 ? (v < 1000000 ? 6 : 7) : v < 100000000 ? 8 : v < 1000000000 ? 9 : 10;
}

/** "00" to "99": two digits written per division. */
const PAIRS = new Uint8Array(200);
for (let i = 0; i < 100; i++) {
  PAIRS[2 * i] = ZERO + Math.floor(i / 10);
  PAIRS[2 * i + 1] = ZERO + (i % 10);
}

/**
 * The decimal digits of a non-negative integer `v` below 2^53, left-padded
 * with zeros to `width` digits; returns the index after them. Most values
 * are below 2^31, where V8 divides in integers; two digits go per division.
 */
function putDigits(buf: Uint8Array, at: number, v: number, width: number): number {
  let len = 1;
  for (let p = 10; p <= v; p *= 10) len++;
  if (len < width) len = width;
  let i = at + len - 1;
  if (v < 2147483648) {
    let x = v | 0;
    while (x >= 100) {
      const q = (x / 100) | 0;
      const r = 2 * (x - q * 100);
      buf[i--] = PAIRS[r + 1]!;
      buf[i--] = PAIRS[r]!;
      x = q;
    }
    if (x >= 10) {
      buf[i--] = PAIRS[2 * x + 1]!;
      buf[i--] = PAIRS[2 * x]!;
    } else buf[i--] = ZERO + x;
  } else {
    while (v > 0) {
      const q = Math.floor(v / 10);
      buf[i--] = ZERO + (v - q * 10);
      v = q;
    }
  }
  while (i >= at) buf[i--] = ZERO;
  return at + len;
}
