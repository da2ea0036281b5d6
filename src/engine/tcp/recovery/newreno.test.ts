/**
 * NewReno recovery (RFC 6582, ns-2 Agent/TCP/Newreno), table-driven: a
 * hand-built context, one hook, then cwnd, the inflation and what was sent.
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import { HandContext } from './hand-context';
import { createNewReno } from './newreno';
import { ExitReason } from './types';

describe('NewReno', () => {
  it.each([
    // name, state, dupacks before → fast retransmit?, dupacks, inflation, limited transmits
    ['first duplicate: limited transmit', CaState.Open, 0, false, 1, 0, 1],
    ['third: fast retransmit', CaState.Disorder, 2, true, 3, 0, 0],
    ['fourth in recovery: inflate', CaState.Recovery, 3, false, 4, 1, 0],
  ])('duplicate ACK, %s', (_name, state, dupacks, fr, dupacksAfter, inflation, ones) => {
    const c = new HandContext({ state, dupacks, recover: state === CaState.Recovery ? 29 : -1 });
    expect(createNewReno().onDupAck(c, c.ack())).toBe(fr);
    expect(c.dupacks).toBe(dupacksAfter);
    expect(c.inflation).toBe(inflation);
    expect(c.sendOnes).toBe(ones);
  });

  it('enter: as Reno', () => {
    const c = new HandContext({ cwnd: 7, dupThresh: 4, dupacks: 4, recover: 29 });
    createNewReno().enter(c);
    expect(c.sent).toEqual([10]);
    expect(c.inflation).toBe(4);
    expect(c.logged).toEqual([{ kind: Ev.RecoveryEnter, seq: 29, args: [11, 0], cwnd: 7 }]);
  });

  it.each([
    // name, cwnd, inflation, acked → cwnd, inflation (RFC 6582 §3.2 step 5: deflate by the amount acked, add one back)
    ['the inflation covers what was acked', 10, 5, 2, 10, 4],
    ['one segment acked: the window stays', 10, 5, 1, 10, 5],
    ['more acked than inflated: cwnd deflates', 10, 3, 5, 8, 1],
    ['cwnd never below 1', 2, 1, 6, 1, 1],
  ])('partial ACK deflates: %s', (_name, cwnd, inflation, acked, cwndAfter, inflationAfter) => {
    const c = new HandContext({ state: CaState.Recovery, cwnd, inflation, highestAck: 14, recover: 29, dupacks: 5 });
    expect(createNewReno().onPartialAck!(c, acked, c.ack())).toBe(true);
    expect(c.cwnd).toBe(cwndAfter);
    expect(c.inflation).toBe(inflationAfter);
  });

  it('a partial ACK retransmits the next hole at once; the timer restarts on the first partial ACK only', () => {
    const nr = createNewReno();
    const c = new HandContext({
      state: CaState.Recovery,
      cwnd: 10,
      inflation: 5,
      highestAck: 14,
      recover: 29,
      dupacks: 5,
    });
    nr.enter(c);
    c.sent.length = 0;
    c.timer.length = 0;
    c.logged.length = 0;
    nr.onPartialAck!(c, 2, c.ack());
    c.highestAck = 17;
    nr.onPartialAck!(c, 3, c.ack());
    expect(c.sent).toEqual([15, 18]);
    expect(c.timer).toEqual(['restart']);
    expect(c.rttDiscarded).toBe(2);
    expect(c.logged.map((e) => [e.kind, e.seq, ...e.args])).toEqual([
      [Ev.PartialAck, 14, 29, 15],
      [Ev.PartialAck, 17, 29, 18],
    ]);
  });

  it('a new recovery restarts the timer on its first partial ACK again', () => {
    const nr = createNewReno();
    const c = new HandContext({ state: CaState.Recovery, highestAck: 14, recover: 29 });
    nr.onPartialAck!(c, 1, c.ack());
    nr.enter(c);
    nr.onPartialAck!(c, 1, c.ack());
    expect(c.timer.filter((t) => t === 'restart')).toHaveLength(2);
  });

  it.each([
    // reason, inflation → recovery_exit `b` logged, or none
    [ExitReason.Full, 1, 0],
    [ExitReason.Timeout, 4, 2],
  ])('exit for reason %s', (reason, inflation, logged) => {
    const c = new HandContext({ state: CaState.Recovery, inflation, recover: 29 });
    createNewReno().exit(c, 31, reason);
    expect(c.logged).toEqual([{ kind: Ev.RecoveryExit, seq: 31, args: [29, logged], cwnd: 20 }]);
  });

  it.each([
    // dupacks → sendMuch maxbursts (none: nothing sent)
    [0, [0]],
    [1, []],
    [2, []],
    [3, [2]],
    [7, [2]],
  ])('after an ACK with %s duplicates: sendMuch %j (at most two segments per ACK in recovery)', (dupacks, calls) => {
    const c = new HandContext({ dupacks });
    createNewReno().send!(c, false);
    expect(c.sendMuchCalls).toEqual(calls);
  });
});
