/**
 * Vegas congestion ops, ns-3 style: build the sender state by hand, drive one
 * round trip through the hooks, check cwnd and ssthresh.
 */
import { describe, expect, it } from 'vitest';
import { grow, handState, observe, type HandState } from './hand-state';
import { CongestionEvent } from './types';
import { DEFAULT_TCP } from '../../scenario/defaults';
import type { VegasParams } from '../../scenario/types';
import { Vegas } from './vegas';

type State = HandState;

function state(o: Partial<State> = {}): State {
  return handState({ ssthresh: 2, rwnd: 100, ...o });
}

const BASE = 0.1;

/**
 * A Vegas that knows BaseRTT = 0.1 s and has a round trip open at segment 100.
 * Closing it (below) after `sent` segments left, with RTT samples averaging
 * `rtt`, on an ACK that leaves a window in use (t_seqno − highest ACK) of
 * `outstanding` gives diff = outstanding − sent · BaseRTT / rtt.
 */
function primed(params: VegasParams = DEFAULT_TCP.vegas, cwnd = 10, ssthresh = 2): { v: Vegas; s: State } {
  const v = new Vegas(params, 100);
  const s = state({ cwnd, ssthresh, highestAck: 90, tSeqno: 100 });
  observe(v, s, 0.5, { echoRtt: BASE });
  s.now = 1;
  grow(v, s); // opens the round (begSeq = 100)
  s.cwnd = cwnd;
  return { v, s };
}

/** Close the open round (begSeq = 100) with one RTT sample. */
function close(v: Vegas, s: State, o: { outstanding: number; sent: number; rtt: number; at: number }): void {
  observe(v, s, o.at, { echoRtt: o.rtt });
  s.tSeqno = 100 + o.sent;
  s.highestAck = s.tSeqno - o.outstanding;
  s.now = o.at;
  grow(v, s);
}

describe('Vegas congestion avoidance: one comparison per round trip', () => {
  it.each([
    // name, outstanding, sent, rtt, cwnd → cwnd, diff
    ['diff < α: +1/cwnd per ACK', 10, 12, 0.125, 10, 10.1, 0.4],
    ['α ≤ diff ≤ β: hold', 10, 10, 0.125, 10, 10, 2],
    ['diff = 3.4 rounds to 3 ≤ β: hold', 10, 10, BASE / 0.66, 10, 10, 3.4],
    ['diff = 3.6 rounds to 4 > β: −1', 10, 10, BASE / 0.64, 10, 9, 3.6],
    ['diff > β: −1 segment now', 10, 10, 0.2, 10, 9, 5],
  ])('%s', (_name, outstanding, sent, rtt, cwnd, after, diff) => {
    const { v, s } = primed(DEFAULT_TCP.vegas, cwnd);
    close(v, s, { outstanding, sent, rtt, at: 2 });
    expect(v.diff).toBeCloseTo(diff, 9);
    expect(s.cwnd).toBeCloseTo(after, 9);
    expect(s.ssthresh).toBe(2);
  });

  it('cwnd is cut to no less than 2 segments', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 2.5);
    close(v, s, { outstanding: 12, sent: 12, rtt: 0.5, at: 2 }); // diff = 12 − 2.4 = 9.6
    expect(s.cwnd).toBe(2);
  });

  it('does not grow a window the sender is not using (cwnd − outstanding > 2)', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 10);
    close(v, s, { outstanding: 7, sent: 12, rtt: 0.125, at: 2 }); // diff < 0
    expect(s.cwnd).toBe(10);
  });

  it('the +1/cwnd decided once applies to every new ACK of the round trip', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 10);
    close(v, s, { outstanding: 10, sent: 12, rtt: 0.125, at: 2 });
    for (let i = 0; i < 9; i++) {
      s.highestAck++;
      s.tSeqno++;
      s.now = 2 + i * 0.01;
      grow(v, s);
    }
    expect(s.cwnd).toBeCloseTo(11, 9);
  });

  it('α and β are tunable: α = 3, β = 6 grows at diff 2', () => {
    const { v, s } = primed({ alpha: 3, beta: 6, gamma: 1, agent: 'engine' }, 10);
    close(v, s, { outstanding: 10, sent: 10, rtt: 0.125, at: 2 }); // diff 2
    expect(s.cwnd).toBeCloseTo(10.1, 9);
  });
});

describe('Vegas slow start: double every other round trip, leave when diff > γ', () => {
  it('holds cwnd on the first round trip, grows +1 per ACK on the next', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 4, 100);
    close(v, s, { outstanding: 4, sent: 4, rtt: BASE, at: 2 }); // diff 0, hold round
    expect(s.cwnd).toBe(4);
    s.highestAck++;
    s.now = 2.01;
    grow(v, s);
    expect(s.cwnd).toBe(4);
    // The next round trip closes when the ACKs pass segment 104.
    observe(v, s, 2.1, { echoRtt: BASE });
    s.highestAck = 104;
    s.tSeqno = 108;
    s.now = 2.1;
    grow(v, s); // diff = 4 − 4 = 0 ≤ γ: grow
    expect(s.cwnd).toBe(5);
    expect(s.ssthresh).toBe(100);
  });

  it('leaves slow start when diff > γ on a growth round: ssthresh = 2, cwnd −1/8', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 8, 100);
    close(v, s, { outstanding: 8, sent: 8, rtt: BASE, at: 2 }); // hold round
    observe(v, s, 2.1, { echoRtt: 0.125 });
    s.highestAck = 108;
    s.tSeqno = 116; // sent 8, outstanding 8: diff = 8 − 8·0.8 = 1.6 → 2 > γ
    s.now = 2.1;
    grow(v, s);
    expect(v.diff).toBeCloseTo(1.6, 9);
    expect(s.ssthresh).toBe(2);
    expect(s.cwnd).toBe(7);
  });

  it('stops at ssthresh within a growth round', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 4, 5);
    close(v, s, { outstanding: 4, sent: 4, rtt: BASE, at: 2 }); // hold
    observe(v, s, 2.1, { echoRtt: BASE });
    s.highestAck = 104;
    s.tSeqno = 108;
    s.now = 2.1;
    grow(v, s); // grow: 5
    expect(s.cwnd).toBe(5);
    s.highestAck++;
    s.now = 2.11;
    grow(v, s);
    expect(s.cwnd).toBe(5);
  });
});

describe('Vegas loss response (ns-2)', () => {
  function sent(v: Vegas, seqs: number[], at: number): void {
    for (const q of seqs) v.sent(q, at);
  }

  it.each([
    // name, cwnd, transmissions of the lost segment, → cwnd
    ['first transmission lost: cut by a quarter', 12, 1, 9],
    ['a retransmission lost: cut by half', 12, 2, 6],
    ['W ≤ 3: down to 2', 3, 1, 2],
  ])('%s', (_name, cwnd, transmissions, after) => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state({ cwnd, ssthresh: 2, highestAck: 49, tSeqno: 60 });
    sent(v, [50, 51, 52, 53, 54, 55, 56, 57, 58, 59], 1);
    for (let i = 1; i < transmissions; i++) v.sent(50, 1.5);
    s.now = 2;
    const r = v.onCongestionEvent(s, CongestionEvent.FastRetransmit);
    expect(r.ssthresh).toBe(2);
    expect(r.cwnd).toBe(after);
    expect(v.cutOnLastLoss).toBe(true);
  });

  it('cuts once per window: a segment sent before the last cut leaves cwnd alone', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state({ cwnd: 12, highestAck: 49, tSeqno: 60 });
    sent(v, [50, 51, 52, 53, 54, 55, 56, 57, 58, 59], 1);
    s.now = 2;
    s.cwnd = v.onCongestionEvent(s, CongestionEvent.FastRetransmit).cwnd;
    s.highestAck = 52; // segment 53, sent at t = 1, is lost too
    s.now = 2.2;
    expect(v.onCongestionEvent(s, CongestionEvent.FastRetransmit).cwnd).toBe(9);
    expect(v.cutOnLastLoss).toBe(false);
    // A segment sent after the cut is news again.
    v.sent(60, 2.3);
    s.highestAck = 59;
    s.now = 3;
    expect(v.onCongestionEvent(s, CongestionEvent.FastRetransmit).cwnd).toBe(7); // 9 − ⌊9/4⌋
  });

  it('timeout: ssthresh = W/2, cwnd restarts from 2', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state({ cwnd: 13.7 });
    expect(v.onCongestionEvent(s, CongestionEvent.Timeout)).toEqual({ ssthresh: 6, cwnd: 2 });
    expect(v.onCongestionEvent(state({ cwnd: 3 }), CongestionEvent.Timeout).ssthresh).toBe(2);
    expect(v.ssthresh()).toBe(2); // after duplicate ACKs Vegas stays out of slow start
  });

  it('a timeout counts as a cut: a segment sent before it is no news', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state({ cwnd: 12, highestAck: 49, tSeqno: 60 });
    sent(v, [50, 51, 52], 1);
    s.now = 2;
    v.onCongestionEvent(s, CongestionEvent.Timeout);
    s.cwnd = 8;
    s.now = 3;
    expect(v.onCongestionEvent(s, CongestionEvent.FastRetransmit)).toEqual({ ssthresh: 2, cwnd: 8 });
    expect(v.cutOnLastLoss).toBe(false);
  });
});

describe('Vegas fine-grained timer', () => {
  it('starts at 1.5·RTT (+1/16) and settles to srtt + 2·mdev (+1/16)', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state();
    expect(v.fineTimeout).toBe(Infinity);
    observe(v, s, 1, { echoRtt: 0.1 });
    expect(v.fineTimeout).toBeCloseTo(0.15 * (17 / 16), 12);
    for (let i = 0; i < 200; i++) observe(v, s, 1, { echoRtt: 0.1 });
    expect(v.fineTimeout).toBeCloseTo(0.1 * (17 / 16), 6);
  });

  it('ignores duplicate ACKs and the SYN (echoRtt −1)', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state();
    observe(v, s, 1, { echoRtt: -1 });
    observe(v, s, 1, { acked: 0, dup: true, echoRtt: 0.05 });
    expect(v.baseRtt).toBe(Infinity);
    expect(v.fineTimeout).toBe(Infinity);
  });

  it('a segment is overdue once fineTimeout has passed since it was sent', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    observe(v, state(), 1, { echoRtt: 0.1 });
    v.sent(7, 2);
    expect(v.expired(7, 2 + v.fineTimeout - 1e-6)).toBe(false);
    expect(v.expired(7, 2 + v.fineTimeout + 1e-9)).toBe(true);
    expect(v.expired(8, 100)).toBe(false); // never sent
    expect(v.transmits(7)).toBe(1);
    v.sent(7, 3);
    expect(v.transmits(7)).toBe(2);
  });

  it('a fast retransmit backs the timer off: ×9/8, or ×2 for a retransmission', () => {
    const v = new Vegas(DEFAULT_TCP.vegas, 100);
    const s = state({ cwnd: 12, highestAck: 6, tSeqno: 10 });
    observe(v, s, 1, { echoRtt: 0.1 });
    for (const q of [7, 8, 9]) v.sent(q, 1);
    const t0 = v.fineTimeout;
    s.now = 2;
    v.onCongestionEvent(s, CongestionEvent.FastRetransmit);
    expect(v.fineTimeout).toBeCloseTo((t0 * 9) / 8, 12);
    v.sent(7, 2);
    s.now = 3;
    v.onCongestionEvent(s, CongestionEvent.FastRetransmit);
    expect(v.fineTimeout).toBeCloseTo((t0 * 9) / 4, 12);
  });
});

describe('Vegas traces', () => {
  it('reports diff, BaseRTT and both rates', () => {
    const { v, s } = primed(DEFAULT_TCP.vegas, 10);
    close(v, s, { outstanding: 10, sent: 10, rtt: 0.125, at: 2 });
    const col = (name: string) => v.trace(v.traceColumns.indexOf(name));
    expect(v.traceColumns).toEqual(['vegas_diff', 'vegas_base_rtt_ms', 'vegas_expected_kbps', 'vegas_actual_kbps']);
    expect(col('vegas_diff')).toBeCloseTo(2, 9);
    expect(col('vegas_base_rtt_ms')).toBeCloseTo(100, 9);
    expect(col('vegas_expected_kbps')).toBeCloseTo((10 / 0.1) * 8, 9); // 100 segments/s of 1000 B
    expect(col('vegas_actual_kbps')).toBeCloseTo((10 / 0.125) * 8, 9);
  });
});
