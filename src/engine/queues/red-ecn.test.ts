/**
 * RED marking (`ecn`): an ECN-capable arrival that RED would drop, early or
 * forced, is marked CE and queued instead; the physical limit still drops;
 * with minThresh = maxThresh = K, weight 1 and gentle off it is the step
 * marker DCTCP needs (every ECT arrival finding K or more waiting is marked).
 */
import { describe, expect, it } from 'vitest';
import { rngStream } from '../core/rng';
import { DEFAULT_RED } from '../scenario/defaults';
import type { RedSpec } from '../scenario/types';
import { DropCause } from './queue';
import { RedQueue } from './red';
import { RecordingEnv } from './test-env';

const BW = 10e6;
const make = (over: Partial<RedSpec>) => new RedQueue({ ...DEFAULT_RED, ...over }, BW, rngStream(1, 'red-ecn'));

describe('RED with ECN', () => {
  it('marks ECN-capable arrivals where it would drop them, and drops the others', () => {
    const outcome = (ecn: boolean, ect: boolean) => {
      const q = make({ limit: 200, minThresh: 5, maxThresh: 15, weight: 0.2, ecn });
      const env = new RecordingEnv(() => ect);
      const causes: DropCause[] = [];
      for (let i = 0; i < 3000; i++) {
        causes.push(q.enqueue(i, 1000, 0, -1, env));
        if (i % 3 === 0) q.dequeue(); // arrivals outpace departures: the average climbs past the thresholds
      }
      return { causes, env, q };
    };
    const dropping = outcome(false, true);
    const early = dropping.causes.filter((c) => c === DropCause.RedEarly || c === DropCause.RedForced).length;
    expect(early).toBeGreaterThan(50);
    expect(dropping.env.marked).toEqual([]);

    const marking = outcome(true, true);
    // Marked packets stay: they fill the queue to its limit, where arrivals are dropped.
    expect(marking.env.marked.length).toBeGreaterThan(50);
    expect(marking.causes.every((c) => c === DropCause.None || c === DropCause.RedOverflow)).toBe(true);
    expect(marking.causes).toContain(DropCause.RedOverflow);

    const notEct = outcome(true, false);
    expect(notEct.env.marked).toEqual([]);
    expect(notEct.causes.filter((c) => c === DropCause.RedEarly || c === DropCause.RedForced).length).toBe(early);
  });

  it.each([1, 20, 65])(
    'with minThresh = maxThresh = %s, weight 1, gentle off: marks exactly the arrivals finding K or more waiting',
    (k) => {
      const q = make({ limit: 250, minThresh: k, maxThresh: k, weight: 1, maxP: 1, gentle: false, ecn: true });
      const env = new RecordingEnv(() => true);
      const found: number[] = [];
      const rng = rngStream(3, 'driver');
      for (let i = 0; i < 5000; i++) {
        if (rng.next() < 0.52) {
          found[i] = q.length;
          expect(q.enqueue(i, 1000, 0, -1, env)).toBe(DropCause.None);
        } else q.dequeue();
      }
      const expected = found.flatMap((n, i) => (n >= Math.max(k, 2) ? [i] : []));
      expect(expected.length).toBeGreaterThan(100);
      // RED never acts while at most one packet waits (ns-2 and ns-3 test qlen > 1).
      expect(env.marked).toEqual(expected);
    },
  );

  it('a byte limit drops on its own, whatever the packet limit', () => {
    const q = make({ limit: 100, minThresh: 50, maxThresh: 90, limitBytes: 3500 });
    const env = new RecordingEnv();
    const causes = [0, 1, 2, 3, 4].map((i) => q.enqueue(i, 1000, 0, -1, env));
    expect(causes).toEqual([
      DropCause.None,
      DropCause.None,
      DropCause.None,
      DropCause.OverflowBytes,
      DropCause.OverflowBytes,
    ]);
    expect(q.bytes).toBe(3000);
  });
});
