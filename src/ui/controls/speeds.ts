/**
 * The speeds the speed control offers: roughly 1–2–5 steps from 0.01 to 1000
 * simulated seconds per wall second, then "max". Discrete steps rather than a
 * free slider, so a teacher can say "set it to 0.1×" and everyone gets the same.
 */
import type { Speed } from '../../worker/protocol';

export const SPEEDS: readonly Speed[] = [
  0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 'max',
];

/** Index of the offered speed nearest to `speed` (on a log scale). */
export function speedIndex(speed: Speed): number {
  if (speed === 'max') return SPEEDS.length - 1;
  let best = 0;
  SPEEDS.forEach((s, i) => {
    if (s === 'max') return;
    const b = SPEEDS[best] as number;
    if (Math.abs(Math.log(s / speed)) < Math.abs(Math.log(b / speed))) best = i;
  });
  return best;
}

/** Short form for the control: "0.05×", "1×", "max". */
export function formatSpeed(speed: Speed): string {
  return speed === 'max' ? 'max' : `${speed}×`;
}

/** Long form for screen readers. */
export function describeSpeed(speed: Speed): string {
  if (speed === 'max') return 'as fast as possible';
  return `${speed} simulated ${speed === 1 ? 'second' : 'seconds'} per second`;
}
