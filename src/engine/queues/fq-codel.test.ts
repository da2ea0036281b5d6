/**
 * FQ-CoDel (RFC 8290): deficit round robin between flow queues, new flows
 * first, the fattest flow cut on overflow, CoDel (and ECN) per flow queue.
 * Packet ids encode their flow: id / 1000 (test-env.ts).
 */
import { describe, expect, it } from 'vitest';
import { FqCodelQueue } from './fq-codel';
import { DropCause } from './queue';
import { RecordingEnv } from './test-env';
import { DEFAULT_FQCODEL } from '../scenario/defaults';

const rng = { next: () => 0.25 };
const flowOf = (pkt: number) => Math.floor(pkt / 1000);

function fq(over: Partial<typeof DEFAULT_FQCODEL> = {}) {
  return new FqCodelQueue({ ...DEFAULT_FQCODEL, ...over }, rng);
}

describe('FQ-CoDel (RFC 8290)', () => {
  it('shares bytes, not packets, between backlogged flows (DRR with quantum 1500)', () => {
    const q = fq({ quantum: 1500 });
    const env = new RecordingEnv();
    for (let i = 0; i < 300; i++) {
      q.enqueue(1000 + i, 1500, 0, -1, env);
      for (let k = 0; k < 3; k++) q.enqueue(2000 + i * 3 + k, 500, 0, -1, env);
    }
    const bytes = [0, 0, 0];
    // Served at time 0: no sojourn, so CoDel never drops; only the scheduler is at work.
    for (let n = 0; n < 400; n++) {
      const p = q.dequeue(0, env);
      bytes[flowOf(p)] += flowOf(p) === 1 ? 1500 : 500;
    }
    expect(env.dropped).toEqual([]);
    expect(Math.abs(bytes[1] - bytes[2])).toBeLessThanOrEqual(1500);
  });

  it('serves a new, sparse flow before the backlogged ones', () => {
    const q = fq();
    const env = new RecordingEnv();
    for (let i = 0; i < 50; i++) q.enqueue(1000 + i, 1000, 0, -1, env);
    for (let i = 0; i < 5; i++) q.dequeue(0, env);
    q.enqueue(2000, 100, 0.001, -1, env);
    expect(q.dequeue(0.001, env)).toBe(2000);
    expect(flowOf(q.dequeue(0.002, env))).toBe(1);
  });

  it('a flow that empties while new stays listed, among the old, while old flows wait (§4.2)', () => {
    const q = fq({ quantum: 1500 });
    const env = new RecordingEnv();
    for (const p of [1000, 1001, 1002, 2000]) q.enqueue(p, 1000, 0, -1, env);
    expect([0, 1, 2].map(() => q.dequeue(0, env))).toEqual([1000, 1001, 2000]);
    expect(q.control()).toBe(2);
    // Flow 2 is empty when its turn comes again: it moves to the old list rather than leaving.
    expect(q.dequeue(0, env)).toBe(1002);
    expect(q.control()).toBe(2);
    // Both empty: they leave the old list as their turns come.
    expect(q.dequeue(0, env)).toBe(-1);
    expect(q.control()).toBe(0);
  });

  it('on overflow drops from the head of the flow with the most bytes, about half of them', () => {
    const q = fq({ limit: 10 });
    const env = new RecordingEnv();
    for (let i = 0; i < 9; i++) expect(q.enqueue(1000 + i, 1000, 0, -1, env)).toBe(DropCause.None);
    expect(q.enqueue(2000, 1000, 0, -1, env)).toBe(DropCause.None);
    expect(q.enqueue(2001, 1000, 0, -1, env)).toBe(DropCause.None);
    // 11 > 10: flow 1 holds 9000 bytes; its head goes until 4500 bytes or more are gone.
    expect(env.dropped).toEqual([1000, 1001, 1002, 1003, 1004].map((pkt) => ({ pkt, cause: DropCause.FqOverflow })));
    expect(q.length).toBe(6);
    expect(q.lastDetail).toBeNaN();
  });

  it('no more than dropBatch packets at once', () => {
    const q = fq({ limit: 20, dropBatch: 2 });
    const env = new RecordingEnv();
    for (let i = 0; i < 21; i++) q.enqueue(1000 + i, 1000, 0, -1, env);
    expect(env.dropped.map((d) => d.pkt)).toEqual([1000, 1001]);
  });

  it('refuses the arriving packet when it is the one at the head of the fattest flow', () => {
    const q = fq({ limit: 1 });
    const env = new RecordingEnv();
    expect(q.enqueue(1000, 1000, 0, -1, env)).toBe(DropCause.None);
    expect(q.enqueue(2000, 1500, 0, -1, env)).toBe(DropCause.FqOverflow);
    expect(env.dropped).toEqual([]);
    expect(q.length).toBe(1);
    expect(q.dequeue(0, env)).toBe(1000);
    expect(q.dequeue(0, env)).toBe(-1);
  });

  it('runs CoDel per flow: the standing flow is dropped, the sparse one never waits', () => {
    const q = fq();
    const sparse = (p: number) => p >= 1_000_000;
    const env = new RecordingEnv(
      () => false,
      (p) => (sparse(p) ? 2 : 1),
    );
    const sparseDelays: number[] = [];
    let next = 0;
    // Flow 1 keeps 40 packets waiting, one arriving and one served per ms; flow 2 sends one packet every 20 ms.
    for (let i = 0; i < 40; i++) q.enqueue(next++, 1000, 0, -1, env);
    for (let ms = 1; ms <= 1000; ms++) {
      const now = ms / 1000;
      q.enqueue(next++, 1000, now, -1, env);
      if (ms % 20 === 0) q.enqueue(1_000_000 + ms, 100, now, -1, env);
      const p = q.dequeue(now, env);
      if (sparse(p)) sparseDelays.push(now - (p - 1_000_000) / 1000);
    }
    expect(env.dropped.length).toBeGreaterThan(5);
    expect(env.dropped.every((d) => !sparse(d.pkt) && d.cause === DropCause.Codel)).toBe(true);
    expect(sparseDelays).toEqual(new Array(50).fill(0));
  });

  it('with ECN, marks the ECN-capable flow where it would drop, and drops the one that is not', () => {
    const q = fq({ ecn: true });
    const env = new RecordingEnv((pkt) => flowOf(pkt) === 1);
    for (let i = 0; i < 200; i++) {
      q.enqueue(1000 + i, 1000, 0, -1, env);
      q.enqueue(3000 + i, 1000, 0, -1, env);
    }
    for (let ms = 1; ms <= 300; ms++) q.dequeue(ms / 1000, env);
    expect(env.marked.length).toBeGreaterThan(0);
    expect(env.marked.every((p) => flowOf(p) === 1)).toBe(true);
    expect(env.dropped.length).toBeGreaterThan(0);
    expect(env.dropped.every((d) => flowOf(d.pkt) === 3)).toBe(true);
  });
});
