/** DropTail's two limits: packets as ns-2 counts them (N−1 waiting), and bytes waiting. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DropTailQueue } from './droptail';
import { DropCause } from './queue';

describe('DropTail', () => {
  it('a limit of N packets holds N−1 waiting (ns-2 qlen + 1 ≥ limit)', () => {
    const q = new DropTailQueue(4);
    expect([0, 1, 2, 3].map((i) => q.enqueue(i, 1000))).toEqual([
      DropCause.None,
      DropCause.None,
      DropCause.None,
      DropCause.Overflow,
    ]);
  });

  it.each([
    [2999, [100, 1000, 1000, 900], [true, true, true, false]],
    [3000, [1000, 1000, 1000, 1], [true, true, true, false]],
    [1500, [1500, 1, 1500], [true, false, false]],
  ])('with limitBytes %s: an arrival that would take the bytes waiting past it is dropped', (limit, sizes, kept) => {
    const q = new DropTailQueue(1000, limit);
    const got = sizes.map((size, i) => q.enqueue(i, size) === DropCause.None);
    expect(got).toEqual(kept);
    expect(q.bytes).toBeLessThanOrEqual(limit);
    for (let i = 0; i < sizes.length; i++)
      if (!got[i]) expect(q.enqueue(100 + i, sizes[i])).toBe(DropCause.OverflowBytes);
  });
});

describe('DropTail largestAlone', () => {
  // The network sends an arrival at an idle direction with an empty queue at
  // once when its size is at most largestAlone() (net/network.ts offer),
  // without asking the queue: that must be exactly what enqueue would admit.
  it('is the largest arrival an empty queue admits', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100 }),
        fc.oneof(fc.constant(Infinity), fc.integer({ min: 0, max: 20_000 })),
        fc.integer({ min: 1, max: 20_000 }),
        (limit, limitBytes, size) => {
          const q = new DropTailQueue(limit, limitBytes);
          expect(size <= q.largestAlone()).toBe(q.enqueue(1, size) === DropCause.None);
        },
      ),
    );
  });
});
