/** PIE (RFC 8033): the probability's update, the burst allowance, ECN's threshold, derandomization. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PIE } from '../scenario/defaults';
import { PieQueue, pieProbability } from './pie';
import { DropCause } from './queue';
import { RecordingEnv } from './test-env';

const RFC = DEFAULT_PIE;
const MS = 0.001;

describe('PIE: the drop probability every tUpdate (RFC 8033 §4.2)', () => {
  // p = α(qdelay − 15 ms) + β(qdelay − qdelay_old), α 0.125, β 1.25 per second, scaled by the current probability.
  it.each([
    ['from 0: 30 ms after 0, ÷2048', 0, 0.03, 0, (0.125 * 0.015 + 1.25 * 0.03) / 2048],
    ['below 10⁻⁵: ÷512', 5e-6, 0.03, 0.03, 5e-6 + (0.125 * 0.015) / 512],
    ['below 10⁻⁴: ÷128', 5e-5, 0.03, 0.03, 5e-5 + (0.125 * 0.015) / 128],
    ['below 10⁻³: ÷32', 5e-4, 0.03, 0.03, 5e-4 + (0.125 * 0.015) / 32],
    ['below 10⁻²: ÷8', 5e-3, 0.03, 0.03, 5e-3 + (0.125 * 0.015) / 8],
    ['below 0.1: ÷2', 0.05, 0.03, 0.02, 0.05 + (0.125 * 0.015 + 1.25 * 0.01) / 2],
    ['0.1 or more: the whole step', 0.2, 0.03, 0.025, 0.2 + 0.125 * 0.015 + 1.25 * 0.005],
    ['0.1 or more: a step capped at 0.02', 0.2, 0.06, 0.03, 0.22],
    ['delay falling: the probability falls', 0.05, 0.01, 0.02, 0.05 + (0.125 * -0.005 + 1.25 * -0.01) / 2],
    ['no delay now or before: decays 2 %', 0.05, 0, 0, (0.05 + (0.125 * -0.015) / 2) * 0.98],
    ['above 250 ms: 0.02 more', 0.2, 0.3, 0.3, 0.2 + 0.02 + 0.02],
    ['never below 0', 1e-7, 0, 0.02, 0],
    ['never above 1', 0.995, 0.3, 0.3, 1],
  ])('%s', (_, prob, qdelay, old, expected) => {
    expect(pieProbability(RFC, prob, qdelay, old)).toBeCloseTo(expected, 12);
  });

  it('without capDropAdjustment the step is not capped', () => {
    expect(pieProbability({ ...RFC, capDropAdjustment: false }, 0.2, 0.06, 0.03)).toBeCloseTo(
      0.2 + 0.125 * 0.045 + 1.25 * 0.03,
      12,
    );
  });
});

/** A PIE queue fed 1 packet per ms and served at half that, so a standing queue builds. */
function overload(q: PieQueue, env: RecordingEnv, ms: number): { drops: number[] } {
  const drops: number[] = [];
  for (let t = 1; t <= ms; t++) {
    const c = q.enqueue(t, 1000, t * MS, -1, env);
    if (c === DropCause.Pie) drops.push(t);
    if (t % 2 === 0) q.dequeue(t * MS);
  }
  return { drops };
}

describe('PIE queue', () => {
  it('lets a burst through for maxBurst, then drops early as the delay stays above target', () => {
    const q = new PieQueue(RFC, { next: () => 0 });
    const env = new RecordingEnv();
    const { drops } = overload(q, env, 2000);
    expect(drops.length).toBeGreaterThan(0);
    // The allowance is 150 ms: ten updates of 15 ms before any early drop.
    expect(drops[0]).toBeGreaterThan(150);
    expect(q.prob).toBeGreaterThan(0);
    expect(q.control(0)).toBe(q.prob);
  });

  it('moves the probability only at multiples of tUpdate, as a timer would', () => {
    const q = new PieQueue(RFC, { next: () => 0.999 });
    const env = new RecordingEnv();
    let prob = q.prob;
    let changes = 0;
    for (let t = 1; t <= 600; t++) {
      q.enqueue(t, 1000, t * MS, -1, env);
      if (t % 2 === 0) q.dequeue(t * MS);
      if (q.prob !== prob) {
        changes++;
        // An update fell in ((t−1) ms, t ms]: a multiple of 15 ms.
        expect(Math.floor(t / 15) - Math.floor((t - 1) / 15), `at ${t} ms`).toBe(1);
        prob = q.prob;
      }
    }
    expect(changes).toBeGreaterThan(20);
  });

  it('with ECN marks ECN-capable arrivals while the probability is at most ecnThreshold, and drops above it', () => {
    const q = new PieQueue({ ...RFC, ecn: true, ecnThreshold: 0.1 }, { next: () => 0 });
    const env = new RecordingEnv(() => true);
    const marksAt: number[] = [];
    const dropsAt: number[] = [];
    for (let t = 1; t <= 6000; t++) {
      const before = env.marked.length;
      const c = q.enqueue(t, 1000, t * MS, -1, env);
      if (env.marked.length > before) marksAt.push(q.prob);
      if (c === DropCause.Pie) dropsAt.push(q.prob);
      if (t % 2 === 0) q.dequeue(t * MS);
    }
    expect(marksAt.length).toBeGreaterThan(0);
    expect(Math.max(...marksAt)).toBeLessThanOrEqual(0.1);
    expect(dropsAt.length).toBeGreaterThan(0);
    expect(Math.min(...dropsAt)).toBeGreaterThan(0.1);
  });

  it.each([
    ['plain, a draw of 0: every eligible arrival', false, 0, [1, 2, 3, 4, 5]],
    ['derandomized, a draw of 0: once the accumulated probability reaches 0.85', true, 0, [4, 8, 12, 16, 20]],
    ['derandomized, a draw of 0.999: only when it reaches 8.5', true, 0.999, [34]],
  ])('%s (probability 0.25)', (_, derandomize, draw, expected) => {
    const q = new PieQueue({ ...RFC, derandomize }, { next: () => draw });
    q.prob = 0.25;
    q.burstAllowance = 0;
    const env = new RecordingEnv();
    // All at time 0, before the first update: the probability stays 0.25. Two packets wait before any is eligible.
    q.enqueue(1000, 1000, 0, -1, env);
    q.enqueue(1001, 1000, 0, -1, env);
    q.enqueue(1002, 1000, 0, -1, env);
    const dropped: number[] = [];
    for (let i = 1; i <= 40; i++) if (q.enqueue(i, 1000, 0, -1, env) === DropCause.Pie) dropped.push(i);
    expect(dropped.slice(0, expected.length)).toEqual(expected);
  });

  it('no early drop with 2·meanPacketSize bytes or fewer waiting', () => {
    const q = new PieQueue(RFC, { next: () => 0 });
    q.prob = 0.5;
    q.burstAllowance = 0;
    const env = new RecordingEnv();
    expect(q.enqueue(1, 1000, 0, -1, env)).toBe(DropCause.None);
    expect(q.enqueue(2, 1000, 0, -1, env)).toBe(DropCause.None);
  });
});
