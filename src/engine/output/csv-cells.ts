/**
 * The cells of the contract's CSV files: how a number, a text cell and a row
 * set are written. Shared by every file's rows (csv-tables.ts, csv-sampled.ts),
 * by transactions.csv and the experiment CSVs. Browser-safe: no Node APIs.
 *
 * Cell rules:
 * - Numbers are plain decimals, rounded to a fixed number of places per column
 *   kind (see DECIMALS) and trimmed of trailing zeros: never exponent notation,
 *   never NaN or Infinity. NaN, ±Infinity and null are empty cells.
 * - Text cells that a spreadsheet would read as a formula (starting with
 *   = + - @, tab or CR) get a leading `'`. Numeric cells are never touched, so
 *   a negative number (seq -1) stays a number.
 * - Quoting of commas, quotes and newlines is left to d3-dsv.
 */
import { csvFormatRows } from 'd3-dsv';

/**
 * Decimal places per column kind. Chosen so rounding is far below what a
 * student (or a comparison with ns-2) can see, while keeping files small:
 * - time (s): 6 → 1 µs, finer than any link's per-packet transmission time here.
 * - kbps: 3 → 1 bit/s.  ms: 3 → 1 µs.
 * - cwnd / ssthresh / queue averages (segments, packets): 4 → keeps the
 *   fractional growth of congestion avoidance (1/cwnd per ACK) visible.
 * - ratios (drop_rate, utilization): 6.
 * - counts (packets, drops, seq): 0 — they are integers; rounding only guards
 *   against a float that drifted by 1e-12.
 */
export const DECIMALS = {
  time: 6,
  kbps: 3,
  ms: 3,
  window: 4,
  ratio: 6,
  count: 0,
} as const;

const TRAILING_ZEROS = /\.?0+$/;

/**
 * `x` rounded to `decimals` places as a plain decimal string, trailing zeros
 * (and a bare point) removed. NaN, ±Infinity, null and undefined give ''.
 * Never uses exponent notation (1e-9 → "0", 1e21 → "1000000000000000000000"),
 * and never writes "-0".
 */
export function formatNumber(x: number | null | undefined, decimals: number): string {
  if (x == null || !Number.isFinite(x)) return '';
  // Fast path for integers (most count cells): String() is exact and plain below 1e21.
  if (Number.isInteger(x) && Math.abs(x) < 1e21) return x === 0 ? '0' : String(x);
  // Fast path, about 3x faster than toFixed + trimming, which matters for the
  // 1.3 M cells of a long time series: round to an integer count of 10^-d and
  // divide back. The quotient is the double nearest that decimal, and String()
  // prints it back as exactly that decimal (shortest round trip, at most 15
  // significant digits here), trailing zeros already gone. String() would use
  // exponent notation below 1e-6 and the integer must stay exact, hence the
  // limits; anything else takes the slow path.
  if (decimals >= 0 && decimals <= 6 && Number.isInteger(decimals)) {
    const scale = POW10[decimals];
    // Half away from zero, as toFixed does, so the sign does not bias rounding.
    const n = x < 0 ? -Math.round(-x * scale) : Math.round(x * scale);
    if (Math.abs(n) < 1e15) return n === 0 ? '0' : String(n / scale);
  }
  if (Math.abs(x) >= 1e21) {
    // toFixed switches to exponent notation from 1e21 on. Every double this
    // large is an integer; write its shortest round-trip digits ("1.5e+300")
    // out in full rather than BigInt's exact binary expansion (150…0787…).
    return expandExponent(String(x));
  }
  let s = x.toFixed(decimals);
  if (decimals > 0) s = s.replace(TRAILING_ZEROS, '');
  // "-0.0000001".toFixed(9) → "-0.000000000" → "-0" after trimming.
  if (s === '-0' || s === '') return '0';
  return s;
}

const POW10 = [1, 10, 100, 1000, 1e4, 1e5, 1e6];

/** "-1.5e+22" → "-15000000000000000000000" (only positive exponents occur here). */
function expandExponent(s: string): string {
  const m = /^(-?)(\d)(?:\.(\d+))?e\+(\d+)$/.exec(s);
  if (!m) return s;
  const digits = m[2] + (m[3] ?? '');
  const exp = Number(m[4]);
  return m[1] + digits + '0'.repeat(exp - (digits.length - 1));
}

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell made safe against spreadsheet formula injection: a leading
 * = + - @ (or tab/CR, per OWASP's CSV-injection advice) gets a `'` in front,
 * which spreadsheets show as text. d3-dsv then quotes the cell if it needs it.
 */
export function safeText(s: string | null | undefined): string {
  if (s == null) return '';
  return FORMULA_START.test(s) ? "'" + s : s;
}

/** Rows (header first) to CSV text, ending with a newline. */
export function toCsv(rows: string[][]): string {
  return csvFormatRows(rows) + '\n';
}

/**
 * One text cell as it appears in a CSV line (formula-neutralized, then quoted
 * by d3-dsv if it holds a comma, quote or newline).
 */
export function csvCell(s: string | null | undefined): string {
  return csvFormatRows([[safeText(s)]]);
}
