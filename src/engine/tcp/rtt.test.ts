import { describe, expect, it } from 'vitest';
import { RttEstimator } from './rtt';

const make = () => new RttEstimator(0.125, 0.25, 4, 0.2, 60, 3);

describe('RttEstimator (RFC 6298)', () => {
  it('uses the initial RTO before any sample', () => {
    expect(make().rto()).toBe(3);
  });

  it('initializes SRTT = R, RTTVAR = R/2 on the first sample (§2.2)', () => {
    const r = make();
    r.sample(0.1);
    expect(r.srtt).toBeCloseTo(0.1, 12);
    expect(r.rttvar).toBeCloseTo(0.05, 12);
    expect(r.rto()).toBeCloseTo(0.3, 12); // 0.1 + 4·0.05
  });

  it('updates RTTVAR with the old SRTT, then SRTT (§2.3)', () => {
    const r = make();
    r.sample(0.1);
    r.sample(0.2);
    expect(r.rttvar).toBeCloseTo(0.75 * 0.05 + 0.25 * 0.1, 12);
    expect(r.srtt).toBeCloseTo(0.875 * 0.1 + 0.125 * 0.2, 12);
  });

  it('applies the minimum before the backoff and caps at the maximum (§2.4, §5.5)', () => {
    const r = make();
    r.sample(0.01); // 0.01 + 4·0.005 = 0.03 → min 0.2
    expect(r.rto()).toBeCloseTo(0.2, 12);
    r.backOff();
    expect(r.rto()).toBeCloseTo(0.4, 12);
    for (let i = 0; i < 20; i++) r.backOff();
    expect(r.rto()).toBe(60);
  });

  it('forgets the estimate after backing off past 8 and starts afresh (RFC 6298 §5 note)', () => {
    const r = make();
    r.sample(0.5);
    for (let i = 0; i < 4; i++) r.backOff(); // ×16
    expect(r.valid).toBe(false);
    r.sample(0.08);
    expect(r.srtt).toBeCloseTo(0.08, 12);
    expect(r.rttvar).toBeCloseTo(0.04, 12);
  });
});
