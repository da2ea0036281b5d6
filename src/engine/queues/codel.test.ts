/**
 * CoDel (RFC 8289) on hand-made arrivals: a backlog enqueued at time 0 and
 * served one packet per millisecond, so each packet's sojourn is the time it
 * leaves. The drop times follow from the RFC's rules alone.
 */
import { describe, expect, it } from 'vitest';
import { CodelQueue } from './codel';
import { DropCause } from './queue';
import { RecordingEnv } from './test-env';
import { DEFAULT_CODEL } from '../scenario/defaults';

const MS = 0.001;

function codel(over: Partial<typeof DEFAULT_CODEL> = {}) {
  return new CodelQueue({ ...DEFAULT_CODEL, limit: 100_000, ...over });
}

/** Serve `q` once per ms from `from` to `to` (seconds); the times (ms) at which something was dropped or marked. */
function serve(q: CodelQueue, env: RecordingEnv, from: number, to: number): number[] {
  const times: number[] = [];
  for (let ms = Math.round(from / MS); ms <= Math.round(to / MS); ms++) {
    const before = env.dropped.length + env.marked.length;
    q.dequeue(ms * MS, env);
    if (env.dropped.length + env.marked.length > before) times.push(ms);
  }
  return times;
}

function backlog(q: CodelQueue, n: number, at = 0, first = 0): void {
  for (let i = 0; i < n; i++) expect(q.enqueue(first + i, 1000, at)).toBe(DropCause.None);
}

describe('CoDel (RFC 8289)', () => {
  /**
   * The RFC's schedule for a backlog enqueued at `at` and served each ms: the
   * first ms at which the sojourn is at least target, one interval later the
   * first drop, then drop_next += interval/√count. Computed with the same
   * floating-point steps as the queue, so ties at whole milliseconds resolve
   * alike.
   */
  function schedule(target: number, interval: number, upTo: number, at = 0): number[] {
    let k = 1;
    while (k * MS - at < target) k++;
    const firstAbove = k * MS + interval;
    while (k * MS < firstAbove) k++;
    const out = [k];
    let next = k * MS + interval;
    for (let count = 2; ; count++) {
      while (k * MS < next) k++;
      if (k > upTo) return out;
      out.push(k);
      next += interval / Math.sqrt(count);
    }
  }

  it('drops first one interval after the sojourn reaches target, then at interval/√count', () => {
    const q = codel();
    const env = new RecordingEnv();
    backlog(q, 2000);
    const drops = serve(q, env, MS, 0.6);
    expect(drops).toEqual(schedule(0.005, 0.1, 600));
    // In round numbers: 105, 205, 205 + 70.7, + 57.7, + 50, + 44.7 ms (±1 ms for the 1 ms service steps).
    [105, 205, 276, 334, 384, 429].forEach((t, i) => expect(Math.abs(drops[i] - t)).toBeLessThanOrEqual(1));
    expect(env.dropped.every((d) => d.cause === DropCause.Codel)).toBe(true);
    expect(q.control(0)).toBe(1);
    expect(q.control(1)).toBe(drops.length);
  });

  it.each([
    ['target 5 ms, interval 100 ms', 0.005, 0.1, 105],
    ['target 20 ms, interval 100 ms', 0.02, 0.1, 120],
    ['target 5 ms, interval 50 ms', 0.005, 0.05, 55],
  ])('%s: the first drop at target + interval', (_, target, interval, first) => {
    const q = codel({ target, interval });
    const env = new RecordingEnv();
    backlog(q, 1000, 0.0004);
    const drops = serve(q, env, MS, 0.3);
    expect(drops).toEqual(schedule(target, interval, 300, 0.0004));
    expect(Math.abs(drops[0] - first)).toBeLessThanOrEqual(2); // the 0.4 ms offset and the 1 ms steps
  });

  it('leaves the dropping state when a packet leaves below target, and then drops nothing', () => {
    const q = codel();
    const env = new RecordingEnv();
    backlog(q, 300);
    serve(q, env, MS, 0.25);
    expect(q.control(0)).toBe(1);
    // Drain what is left without new drops counting: fresh packets, each served as it arrives.
    while (q.length > 0) q.dequeue(0.25, env);
    const dropsBefore = env.dropped.length;
    for (let ms = 300; ms < 800; ms++) {
      q.enqueue(10_000 + ms, 1000, ms * MS);
      q.enqueue(20_000 + ms, 1000, ms * MS);
      q.dequeue(ms * MS + 0.001, env);
      q.dequeue(ms * MS + 0.002, env);
    }
    expect(q.control(0)).toBe(0);
    expect(env.dropped.length).toBe(dropsBefore);
  });

  it('never drops with maxPacket bytes or fewer left behind', () => {
    const q = codel();
    const env = new RecordingEnv();
    q.enqueue(1, 1500, 0);
    q.enqueue(2, 1500, 0);
    expect(q.dequeue(1, env)).toBe(1);
    expect(q.dequeue(2, env)).toBe(2);
    expect(env.dropped).toEqual([]);
  });

  it('resumes count from the last episode when the queue comes back within 16 intervals (§5.4)', () => {
    const q = codel();
    const env = new RecordingEnv();
    backlog(q, 600);
    serve(q, env, MS, 0.5);
    const count = q.control(1);
    expect(count).toBeGreaterThan(3);
    // Leave the dropping state: a packet that waited no time.
    while (q.length > 0) q.flush(() => {});
    q.enqueue(5000, 1000, 0.5);
    q.dequeue(0.5, env);
    expect(q.control(0)).toBe(0);
    // A new standing queue 0.2 s later: the new episode starts from count − lastcount, not 1.
    backlog(q, 1000, 0.7, 6000);
    serve(q, env, 0.701, 0.9);
    expect(q.control(0)).toBe(1);
    const entered = count - 1; // lastcount was 1 (first episode), count reached `count`
    expect(q.control(1)).toBeGreaterThanOrEqual(entered);
  });

  it('with ECN, marks ECN-capable packets where it would drop them, at the same times, and sends them', () => {
    const plain = codel();
    const plainEnv = new RecordingEnv();
    backlog(plain, 2000);
    const dropTimes = serve(plain, plainEnv, MS, 0.6);

    const q = codel({ ecn: true });
    const env = new RecordingEnv(() => true);
    backlog(q, 2000);
    const sent: number[] = [];
    const markTimes: number[] = [];
    for (let ms = 1; ms <= 600; ms++) {
      const before = env.marked.length;
      sent.push(q.dequeue(ms * MS, env));
      if (env.marked.length > before) markTimes.push(ms);
    }
    expect(env.dropped).toEqual([]);
    expect(markTimes).toEqual(dropTimes);
    expect(sent).toEqual(Array.from({ length: 600 }, (_, i) => i));
    expect(env.marked.every((p) => sent.includes(p))).toBe(true);
  });

  it('without ECN-capable packets, ecn changes nothing', () => {
    const q = codel({ ecn: true });
    const env = new RecordingEnv(() => false);
    backlog(q, 400);
    expect(serve(q, env, MS, 0.3)).toEqual(schedule(0.005, 0.1, 300));
    expect(env.marked).toEqual([]);
  });

  it.each([
    [{ limit: 3 }, [true, true, true, false], DropCause.Overflow],
    [{ limitBytes: 2500 }, [true, true, false, false], DropCause.OverflowBytes],
  ])('%o: a tail drop beyond the limit', (over, kept, cause) => {
    const q = codel(over);
    const got = kept.map((_, i) => q.enqueue(i, 1000, 0));
    expect(got.map((c) => c === DropCause.None)).toEqual(kept);
    expect(got[got.length - 1]).toBe(cause);
  });
});
