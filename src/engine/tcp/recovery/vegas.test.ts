/**
 * Vegas recovery (ns-2 Agent/TCP/Vegas), table-driven: a hand-built context
 * and a Vegas congestion-ops object told which segments are overdue.
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import type { VegasOps } from '../cc/vegas';
import { HandContext } from './hand-context';
import { ExitReason } from './types';
import { VegasRecovery } from './vegas';

/** Just what Vegas recovery asks of its congestion ops: which segments are overdue, sent how often, and the last cut. */
function ops(o: { overdue?: number[]; transmits?: number; cut?: boolean } = {}): VegasOps {
  const overdue = new Set(o.overdue ?? []);
  return {
    name: 'vegas',
    ssthresh: () => 2,
    increase: () => {},
    expired: (seq) => overdue.has(seq),
    transmits: () => o.transmits ?? 1,
    fineTimeout: 0.1,
    baseRtt: 0.05,
    diff: 0,
    cutOnLastLoss: o.cut ?? true,
  };
}

describe('Vegas duplicate ACKs', () => {
  it.each([
    // name, overdue, dupacks before, after a timeout?, recover, → retransmit?, dupacks, inflation, limited transmits
    ['first, oldest segment not overdue: limited transmit', [], 0, false, -1, false, 1, 0, 1],
    ['first, oldest segment overdue: retransmit at once', [10], 0, false, -1, true, 1, 0, 0],
    ['third: retransmit', [], 2, false, -1, true, 3, 0, 0],
    ['overdue again after a retransmission: retransmit again', [10], 3, false, 29, true, 4, 0, 0],
    ['beyond the threshold: inflate', [], 3, false, 29, false, 4, 1, 0],
    ['after a timeout: no inflation', [], 3, true, 29, false, 4, 0, 0],
    ['after a timeout, before its recovery point: refused', [10], 0, true, 29, false, 1, 0, 0],
  ])('%s', (_name, overdue, dupacks, timedOut, recover, fr, dupacksAfter, inflation, ones) => {
    const v = new VegasRecovery(ops({ overdue }));
    const c = new HandContext({ dupacks, recover, state: dupacks >= 3 ? CaState.Recovery : CaState.Open });
    if (timedOut) {
      v.onTimeout(c);
      c.dupacks = dupacks;
      c.recover = recover;
    }
    expect(v.onDupAck(c)).toBe(fr);
    expect(c.dupacks).toBe(dupacksAfter);
    expect(c.inflation).toBe(inflation);
    expect(c.sendOnes).toBe(ones);
  });
});

describe('Vegas fast retransmit', () => {
  it.each([
    // name, cut, transmits of the lost segment, dupacks → inflation, dupacks after
    ['window cut: inflate by the duplicate ACKs so far', true, 1, 2, 2, 3],
    ['window not cut (sent before the last cut): no inflation', false, 1, 2, 0, 3],
    ['a retransmission lost: the duplicate count is left alone', true, 2, 1, 1, 1],
  ])('%s', (_name, cut, transmits, dupacks, inflation, dupacksAfter) => {
    const v = new VegasRecovery(ops({ cut, transmits }));
    const c = new HandContext({ dupacks, recover: 29, cwnd: 9 });
    v.enter(c);
    expect(c.sent).toEqual([10]);
    expect(c.timer).toEqual(['reset mild']);
    expect(c.inflation).toBe(inflation);
    expect(c.dupacks).toBe(dupacksAfter);
    expect(c.logged).toEqual([{ kind: Ev.RecoveryEnter, seq: 29, args: [9 + inflation, 0], cwnd: 9 }]);
  });

  it('after a retransmission the first new ACKs check the next segment (ns-2 v_worried_)', () => {
    const v = new VegasRecovery(ops({ overdue: [11] }));
    const c = new HandContext({ dupacks: 3, recover: 29 });
    v.enter(c);
    c.sent.length = 0;
    c.logged.length = 0;
    c.highestAck = 10;
    c.dupacks = 0;
    v.onNewAck(c);
    expect(c.sent).toEqual([11]);
    expect(c.logged).toEqual([{ kind: Ev.Retransmit, seq: 11, args: [NaN, 1], cwnd: 20 }]);
    expect(c.dupacks).toBe(3);
    c.highestAck = 11;
    v.onNewAck(c); // 12 is not overdue: the worry ends
    c.highestAck = 12;
    v.onNewAck(c);
    expect(c.sent).toEqual([11]);
  });

  it('a timeout ends the worry; its exit is reported only if the window was inflated', () => {
    const v = new VegasRecovery(ops({ overdue: [11] }));
    const c = new HandContext({ dupacks: 3, recover: 29, state: CaState.Recovery, inflation: 0 });
    v.enter(c);
    c.inflation = 0;
    c.logged.length = 0;
    v.exit(c, 9, ExitReason.Timeout);
    v.onTimeout(c);
    expect(c.logged).toEqual([]);
    c.highestAck = 10;
    v.onNewAck(c);
    expect(c.sent).toEqual([10]); // only the fast retransmit
  });
});
