/** Capacities that change: a rate schedule, and Mahimahi's delivery opportunities. */
import { describe, expect, it } from 'vitest';
import { DeliveryTrace, RateSchedule } from './capacity';
import { sampleTrace } from '../scenario/trace-samples';

const MS = 1_000_000;

describe('RateSchedule', () => {
  const s = () => new RateSchedule(10e6, Float64Array.from([1e9, 2e9]), Float64Array.from([1e6, 5e6]));
  it.each([
    [0, 10e6],
    [0.5e9, 10e6],
    [1e9, 1e6],
    [1.5e9, 1e6],
    [2e9, 5e6],
    [9e9, 5e6],
  ])('at %d ns the rate is %d bit/s, and a 1250-byte packet takes 10000 bits at it', (t, rate) => {
    const sch = s();
    expect(sch.rateAt(t)).toBe(rate);
    expect(sch.finish(t, 1250) - t).toBe(Math.round((10_000 / rate) * 1e9));
    expect(sch.kbps(0, t)).toBe(rate / 1000);
  });
});

describe('DeliveryTrace (Mahimahi)', () => {
  // Opportunities at 1, 1, 3 and 5 ms, looping every 5 ms; 1500 bytes each.
  const trace = () => new DeliveryTrace(Int32Array.from([1, 1, 3, 5]), 1500);

  it('sends each packet at the opportunity that completes it, sharing and spanning opportunities', () => {
    const t = trace();
    // 1000 bytes at 0: the first opportunity (1 ms) has room; 500 bytes left in it.
    expect(t.finish(0, 1000)).toBe(1 * MS);
    // Starting at 1 ms, 1000 bytes: 500 left at the first 1 ms opportunity, 500 from the second (also 1 ms).
    expect(t.finish(1 * MS, 1000)).toBe(1 * MS);
    // 3000 bytes from 1 ms: 1000 left at 1 ms, 1500 at 3 ms, 500 at 5 ms.
    expect(t.finish(1 * MS, 3000)).toBe(5 * MS);
    // The trace loops: next opportunities at 6, 6, 8, 10 ms.
    expect(t.finish(5 * MS, 1500)).toBe(6 * MS);
  });

  it('wastes what an opportunity leaves when nothing starts at its instant', () => {
    const t = trace();
    expect(t.finish(0, 100)).toBe(1 * MS);
    // Starting later than 1 ms, the 1400 bytes left there and the second 1 ms opportunity are gone.
    expect(t.finish(2 * MS, 100)).toBe(3 * MS);
  });

  it('after a long idle time, resumes at the right point of the loop', () => {
    const t = trace();
    t.finish(0, 100);
    // 1000 loops later: 5000 ms + the opportunity at 3 ms of the next loop.
    expect(t.finish(5002 * MS, 1500)).toBe(5003 * MS);
    expect(t.finish(5003 * MS, 1500)).toBe(5005 * MS);
  });

  it('counts its capacity: 4 opportunities per 5 ms is 9.6 Mb/s', () => {
    expect(trace().kbps(0, 5000 * MS)).toBeCloseTo(9600, 6);
    expect(trace().kbps(0, 1 * MS)).toBeCloseTo(2 * 1500 * 8, 6); // two opportunities in the first ms
  });

  it('a 10 Mb/s sample trace carries 10 Mb/s, and a link on it sends 1500-byte packets at that rate', () => {
    const ms = sampleTrace('steady-10mbps')!;
    const t = new DeliveryTrace(Int32Array.from(ms), 1500);
    expect(t.kbps(0, 10_000 * MS)).toBeCloseTo(10_000, 0);
    let now = 0;
    for (let i = 0; i < 10_000; i++) now = t.finish(now, 1500);
    // 10 000 packets of 12 000 bits at 10 Mb/s: 12 s.
    expect(now / 1e9).toBeCloseTo(12, 2);
  });
});
