/**
 * Dash patterns of chart lines: the SVG-style dash strings of the chart
 * specs parsed for setLineDash, scaled to a line's width, and as masks over
 * pixel columns for lines drawn as column spans (canvas-draw.ts fillLine).
 * Each is worked out once per dash and scale and the same array (mask) is
 * handed out again: a chart asks for them for every line it draws, many
 * times a second while a run plays, and a new array each time was garbage
 * for the collector (bench:ui's allocation profile).
 */
/** Parse an SVG-style dash string ('7 4') for setLineDash. */
export function dashArray(dash: string | undefined): number[] {
  if (!dash) return [];
  return dash
    .split(/[\s,]+/)
    .map(Number)
    .filter((n) => Number.isFinite(n) && n >= 0);
}

const SOLID: readonly number[] = Object.freeze([]);
/** dash string → line scale → pattern (scaledDash) */
const scaledDashes = new Map<string, Map<number, readonly number[]>>();

/**
 * dashArray(dash) with every length times `scale`, the same array each time
 * for the same two (a chart asks for it for each line it draws, many times a
 * second while a run plays; the array is read, never changed).
 */
export function scaledDash(dash: string | undefined, scale: number): readonly number[] {
  if (!dash) return SOLID;
  let byScale = scaledDashes.get(dash);
  if (!byScale) {
    if (scaledDashes.size > 64) scaledDashes.clear();
    byScale = new Map();
    scaledDashes.set(dash, byScale);
  }
  let pattern = byScale.get(scale);
  if (!pattern) {
    if (byScale.size > 16) byScale.clear();
    pattern = Object.freeze(dashArray(dash).map((d) => d * scale));
    byScale.set(scale, pattern);
  }
  return pattern;
}

/** Is column `c` drawn under the dash pattern (lengths in px along x; [] = solid)? */
export function dashOn(pattern: readonly number[], c: number): boolean {
  return dashMask(pattern)?.(c) ?? true;
}

/** dashMask's answers, by pattern (patterns from scaledDash are the same arrays from draw to draw) */
const masks = new WeakMap<readonly number[], ((c: number) => boolean) | null>();

/**
 * dashOn for one pattern, its period worked out once (a dense line asks for
 * every pixel column); null for a solid line, every column drawn. The same
 * function for the same pattern array.
 */
export function dashMask(pattern: readonly number[]): ((c: number) => boolean) | null {
  if (pattern.length === 0) return null;
  let mask = masks.get(pattern);
  if (mask === undefined) {
    mask = makeDashMask(pattern);
    masks.set(pattern, mask);
  }
  return mask;
}

function makeDashMask(pattern: readonly number[]): ((c: number) => boolean) | null {
  let period = 0;
  for (const p of pattern) period += p;
  if (pattern.length === 0 || period <= 0) return null;
  const ends: number[] = [];
  let end = 0;
  for (const p of pattern) ends.push((end += p));
  return (c) => {
    const pos = ((c % period) + period) % period;
    for (let k = 0; k < ends.length; k++) if (pos < ends[k]) return k % 2 === 0;
    return true;
  };
}
