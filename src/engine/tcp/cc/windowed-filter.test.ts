/**
 * The windowed max-filter (Nichols' algorithm, Linux lib/win_minmax.c) that
 * holds BBR's bottleneck-bandwidth estimate over 10 round trips.
 */
import { describe, expect, it } from 'vitest';
import { WindowedMax } from './windowed-filter';

describe('WindowedMax', () => {
  it.each([
    // what, window, [t, v] samples → best after each
    [
      'a larger value takes over at once',
      10,
      [
        [0, 5],
        [1, 7],
        [2, 9],
      ],
      [5, 7, 9],
    ],
    [
      'a smaller value does not lower the best within the window',
      10,
      [
        [0, 9],
        [3, 4],
        [9, 5],
      ],
      [9, 9, 9],
    ],
    [
      'the best expires after the window; the best of the rest takes over',
      10,
      [
        [0, 9],
        [4, 6],
        [8, 5],
        [11, 3],
      ],
      [9, 9, 9, 6],
    ],
    [
      'nothing of the old within the window: the new sample alone',
      10,
      [
        [0, 9],
        [25, 2],
      ],
      [9, 2],
    ],
    [
      'expiring twice: the third choice',
      10,
      [
        [0, 9],
        [3, 8],
        [6, 7],
        [14, 1],
      ],
      [9, 9, 9, 7],
    ],
  ])('%s', (_n, window, samples, want) => {
    const f = new WindowedMax(window as number);
    const got = (samples as number[][]).map(([t, v]) => f.update(t, v));
    expect(got).toEqual(want);
    expect(f.best).toBe((want as number[])[(want as number[]).length - 1]);
  });

  it('over a run of falling rates it keeps a value seen within the window, never more than the window old', () => {
    const f = new WindowedMax(10);
    const seen: [number, number][] = [];
    for (let t = 0; t < 100; t++) {
      const v = 1000 - t * 7 + ((t * 37) % 11);
      seen.push([t, v]);
      const best = f.update(t, v);
      const inWindow = seen.filter(([s]) => t - s <= 10).map(([, x]) => x);
      expect(inWindow).toContain(best);
      expect(best).toBeLessThanOrEqual(Math.max(...inWindow));
    }
  });

  it('reset forgets everything', () => {
    const f = new WindowedMax(10);
    f.update(0, 50);
    f.reset(1, 3);
    expect(f.best).toBe(3);
  });
});
