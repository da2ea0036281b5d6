import fc from 'fast-check';
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

/**
 * ns-2.35's tick arithmetic (tcp.cc rtt_update, rtt_timeout, rtt_backoff),
 * computed by hand: 10 ms ticks, T_SRTT_BITS 3 (t_srtt_ = 8·srtt),
 * T_RTTVAR_BITS 2 (t_rttvar_ = 4·rttvar), rttvar_exp_ 2 (K = 4), so
 * t_rtxcur_ = ((t_rttvar_ << 3) + t_srtt_) >> 3 ticks.
 */
describe('RttEstimator on ns-2 ticks (tcpTick)', () => {
  const TICK = 0.01;
  const ticks = (phase = 0) => new RttEstimator(0.125, 0.25, 4, 0.2, 60, 3, TICK, phase);
  /** A sample of `tao` seconds for a segment sent at `sent`. */
  const feed = (r: RttEstimator, sent: number, tao: number) => r.sample(tao, sent + tao);

  it('counts the tick boundaries a sample spans, placed by the phase (boot_time_)', () => {
    // sent at 1.004 s, acked at 1.109 s: boundaries at 1.01 … 1.10 → 10 ticks
    const a = ticks();
    feed(a, 1.004, 0.105);
    expect(a.tRtt).toBe(10);
    // the same 105 ms sent at 1.007 s: boundaries 1.01 … 1.11 → 11 ticks
    const b = ticks();
    feed(b, 1.007, 0.105);
    expect(b.tRtt).toBe(11);
    // boundaries at k·10 ms − 1.5 ms: 1.0085 … 1.1085 → 11 ticks
    const c = ticks(0.0015);
    feed(c, 1.004, 0.105);
    expect(c.tRtt).toBe(11);
    // less than a tick still counts one
    const d = ticks();
    feed(d, 1.0001, 0.002);
    expect(d.tRtt).toBe(1);
  });

  it('keeps t_srtt_, t_rttvar_ and the RTO in whole ticks, sample after sample', () => {
    const r = ticks();
    expect(r.rto()).toBe(3); // rtxcur_init_ until the first sample
    // m = 10, the first sample: t_srtt_ = 10 << 3, t_rttvar_ = 10 << 1; RTO (160 + 80) >> 3 = 30 ticks
    feed(r, 1.004, 0.105);
    expect([r.tRtt, r.tSrtt, r.tRttvar]).toEqual([10, 80, 20]);
    expect(r.srtt).toBeCloseTo(0.1, 12);
    expect(r.rttvar).toBeCloseTo(0.05, 12);
    expect(r.baseRto).toBeCloseTo(0.3, 12);
    // m = 14: delta = 14 − 10 = 4, t_srtt_ 84; |4| − (20 >> 2) = −1, t_rttvar_ 19; (152 + 84) >> 3 = 29 ticks
    // (exact time would say 0.105 + 4·0.0475 = 0.295 s)
    feed(r, 2.0005, 0.1445);
    expect([r.tRtt, r.tSrtt, r.tRttvar]).toEqual([14, 84, 19]);
    expect(r.srtt).toBeCloseTo(0.105, 12);
    expect(r.rttvar).toBeCloseTo(0.0475, 12);
    expect(r.rto()).toBeCloseTo(0.29, 12);
    // m = 3: delta = 3 − (84 >> 3) = −7, t_srtt_ 77; 7 − (19 >> 2) = 3, t_rttvar_ 22; (176 + 77) >> 3 = 31 ticks
    feed(r, 3.0002, 0.03);
    expect([r.tRtt, r.tSrtt, r.tRttvar]).toEqual([3, 77, 22]);
    expect(r.rto()).toBeCloseTo(0.31, 12);
    // m = 1 (2 ms): delta = 1 − 9 = −8, t_srtt_ 69; 8 − 5 = 3, t_rttvar_ 25; (200 + 69) >> 3 = 33 ticks
    feed(r, 4.0001, 0.002);
    expect([r.tRtt, r.tSrtt, r.tRttvar]).toEqual([1, 69, 25]);
    expect(r.rto()).toBeCloseTo(0.33, 12);
  });

  it('applies minrto_ before the backoff, and never arms less than two ticks', () => {
    const r = ticks();
    feed(r, 1.0001, 0.002); // m = 1: t_srtt_ 8, t_rttvar_ 2; (16 + 8) >> 3 = 3 ticks = 0.03 s, below minrto_
    expect(r.baseRto).toBeCloseTo(0.03, 12);
    expect(r.rto()).toBeCloseTo(0.2, 12);
    r.backOff();
    expect(r.rto()).toBeCloseTo(0.4, 12);
    // With K = 0 and a tiny minimum the RTO would be one tick: rtt_timeout() makes it two.
    const k0 = new RttEstimator(0.125, 0.25, 0, 0.001, 60, 3, 0.1);
    k0.sample(0.05, 1.07); // sent at 1.02 s: no boundary crossed, m = 1
    expect(k0.baseRto).toBeCloseTo(0.1, 12);
    expect(k0.rto()).toBeCloseTo(0.2, 12);
  });

  it('backs off as rtt_backoff(): past 8 it clears srtt, and the next sample starts afresh', () => {
    const r = ticks();
    feed(r, 1.004, 0.105); // 30 ticks
    for (let i = 0; i < 3; i++) r.backOff(); // ×8
    expect(r.valid).toBe(true);
    expect(r.rto()).toBeCloseTo(2.4, 12);
    r.backOff(); // ×16: t_rttvar_ += t_srtt_ >> 3, t_srtt_ = 0
    expect([r.tSrtt, r.tRttvar, r.valid]).toEqual([0, 30, false]);
    expect(r.rto()).toBeCloseTo(4.8, 12); // t_rtxcur_ is kept until the next sample
    // The next sample starts afresh (the sender resets the backoff first, as ns-2's newack()).
    r.backoff = 1;
    feed(r, 9.003, 0.05); // m = 5
    expect([r.tRtt, r.tSrtt, r.tRttvar, r.valid]).toEqual([5, 40, 10, true]);
    expect(r.baseRto).toBeCloseTo(0.15, 12); // (80 + 40) >> 3 = 15 ticks
    expect(r.rto()).toBeCloseTo(0.2, 12);
  });

  it('keeps doubling while the backoff is below 64, even with the RTO at maxrto_', () => {
    const exact = new RttEstimator(0.125, 0.25, 4, 0.2, 60, 3);
    const r = ticks();
    for (let i = 0; i < 10; i++) {
      exact.backOff();
      r.backOff();
    }
    // 3 s doubled: 6, 12, 24, 48, then 60 (the maximum) from backoff 32 on
    expect([exact.rto(), r.rto()]).toEqual([60, 60]);
    expect(exact.backoff).toBe(32);
    expect(r.backoff).toBe(64);
  });

  it('with tick 0, is the exact-time estimator', () => {
    const a = new RttEstimator(0.125, 0.25, 4, 0.2, 60, 3);
    const b = new RttEstimator(0.125, 0.25, 4, 0.2, 60, 3, 0, 0);
    for (const [sent, tao] of [
      [0.5, 0.1234],
      [1.7, 0.2718],
      [2.9, 0.0099],
    ]) {
      a.sample(tao);
      b.sample(tao, sent + tao);
    }
    for (let i = 0; i < 6; i++) {
      a.backOff();
      b.backOff();
    }
    expect([b.srtt, b.rttvar, b.baseRto, b.rto(), b.backoff, b.valid]).toEqual([
      a.srtt,
      a.rttvar,
      a.baseRto,
      a.rto(),
      a.backoff,
      a.valid,
    ]);
    expect(b.tSrtt).toBe(0);
  });
});

describe('RttEstimator.rto() kept up to date', () => {
  // rto() returns a value kept at every change of the base RTO and the
  // backoff instead of working it out per call: after any sequence of
  // samples, expiries and backoff resets it must equal the formula
  // (ns-2 rtt_timeout(): max(minrto, base) × backoff, capped, at least two ticks).
  const op = fc.oneof(
    fc.record({ kind: fc.constant('sample' as const), r: fc.double({ min: 0.0001, max: 5, noNaN: true }) }),
    fc.record({ kind: fc.constant('backOff' as const) }),
    fc.record({ kind: fc.constant('reset' as const) }),
  );
  it.each([
    ['exact time', 0],
    ['ns-2 ticks', 0.1],
    ['ns-2 ticks, 10 ms', 0.01],
  ])('equals the formula after any operations (%s)', (_, tick) => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 1, max: 120, noNaN: true }),
        fc.array(op, { maxLength: 60 }),
        (minRto, maxRto, ops) => {
          const r = new RttEstimator(0.125, 0.25, 4, minRto, maxRto, 3, tick, tick / 3);
          let now = 1;
          const formula = () => {
            const t = Math.min(maxRto, Math.max(minRto, r.baseRto) * r.backoff);
            return t < 2 * tick ? 2 * tick : t;
          };
          expect(r.rto()).toBe(formula());
          for (const o of ops) {
            if (o.kind === 'sample') {
              now += o.r;
              r.sample(o.r, now);
            } else if (o.kind === 'backOff') r.backOff();
            else r.backoff = 1;
            expect(r.rto()).toBe(formula());
          }
        },
      ),
    );
  });
});
