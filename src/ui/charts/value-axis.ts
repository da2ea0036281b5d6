/**
 * A value axis that stands still while the run is followed. A chart whose
 * value axis changes redraws in full (every line, 6–15 ms at a hundred
 * flows), and a run's maxima creep up all the time (cwnd beyond the receiver
 * window, segment numbers), so fitting the axis to the data at every draw
 * would redraw whole charts several times a second. Instead the axis keeps
 * its range while the data fits in it and still fills at least MIN_FILL of
 * it, and when the data outgrows it, it grows with GROW headroom: rescaled
 * now and then, as the time axis steps out (time-axis.ts).
 */
export type ValueDomain = readonly [number, number];

/** The shown range is kept while the data spans at least this share of it. */
export const MIN_FILL = 0.5;
/** The wanted top is raised by this factor (over the bottom) when the axis must grow. */
export const GROW = 1.25;

/**
 * The range to show, given the one shown (null: none yet) and the one the
 * data wants now: the shown range while the wanted one fits inside it and
 * fills at least MIN_FILL of it; otherwise the wanted one, its top raised by
 * GROW (the caller rounds it to nice ticks).
 */
export function steadyDomain(shown: ValueDomain | null, wanted: ValueDomain): ValueDomain {
  const [lo, hi] = wanted;
  if (shown && lo >= shown[0] && hi <= shown[1] && hi - lo >= MIN_FILL * (shown[1] - shown[0])) return shown;
  return [lo, lo + (hi - lo) * GROW];
}
