/**
 * Reno recovery (RFC 5681 §3.2, ns-2 Agent/TCP/Reno), table-driven in the
 * style of ns-3's tcp-classic-recovery-test.cc: a hand-built context, one
 * hook, then what changed (dupacks, inflation) and what the module did
 * (segments sent, timer actions, events logged).
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import { HandContext } from './hand-context';
import { createReno } from './reno';
import { ExitReason } from './types';

describe('Reno duplicate ACKs', () => {
  it.each([
    // name, state, dupacks before, recover, highestAck → fast retransmit?, dupacks, inflation, limited transmits
    ['first: limited transmit', CaState.Open, 0, -1, 9, false, 1, 0, 1],
    ['second: limited transmit', CaState.Disorder, 1, -1, 9, false, 2, 0, 1],
    ['third: fast retransmit', CaState.Disorder, 2, -1, 9, true, 3, 0, 0],
    ['third, not past the last recovery point: refused (bugFix_)', CaState.Disorder, 2, 9, 9, false, 3, 0, 0],
    ['third, the first data segment lost: allowed (bugfix_ss_)', CaState.Loss, 2, 29, -1, true, 3, 0, 0],
    ['fourth in recovery: inflate', CaState.Recovery, 3, 29, 9, false, 4, 1, 0],
    ['fourth after a refused retransmit: nothing', CaState.Disorder, 3, 9, 9, false, 4, 0, 0],
  ])('%s', (_name, state, dupacks, recover, highestAck, fr, dupacksAfter, inflation, ones) => {
    const c = new HandContext({ state, dupacks, recover, highestAck });
    expect(createReno().onDupAck(c, c.ack())).toBe(fr);
    expect(c.dupacks).toBe(dupacksAfter);
    expect(c.inflation).toBe(inflation);
    expect(c.sendOnes).toBe(ones);
  });

  it('a dupAckThreshold of 2 retransmits on the second', () => {
    const c = new HandContext({ dupThresh: 2, dupacks: 1 });
    expect(createReno().onDupAck(c, c.ack())).toBe(true);
  });
});

describe('Reno fast recovery', () => {
  it.each([
    // cwnd, dupThresh → inflation, window logged
    [10, 3, 3, 13],
    [10.5, 3, 3, 13],
    [7, 4, 4, 11],
  ])(
    'enter (cwnd %s, DupThresh %s): retransmit the first hole, inflate by the duplicate ACKs',
    (cwnd, dupThresh, inflation, window) => {
      const c = new HandContext({ cwnd, dupThresh, dupacks: dupThresh, recover: 29 });
      createReno().enter(c);
      expect(c.sent).toEqual([10]);
      expect(c.timer).toEqual(['reset mild']);
      expect(c.inflation).toBe(inflation);
      expect(c.tSeqno).toBe(30); // mild: new data continues where it was
      expect(c.logged).toEqual([{ kind: Ev.RecoveryEnter, seq: 29, args: [window, 0], cwnd }]);
    },
  );

  it('a partial ACK ends recovery: no onPartialAck; the ACK that ends it grows the window', () => {
    const reno = createReno();
    expect(reno.onPartialAck).toBeUndefined();
    expect(reno.growOnExit).toBe(true);
    expect(reno.inflates).toBe(true);
  });

  it.each([
    // reason, inflation → recovery_exit `b` logged, or none
    [ExitReason.Full, 3, 0],
    [ExitReason.Partial, 3, 1],
    [ExitReason.Timeout, 3, 2],
    [ExitReason.Timeout, 0, null],
  ])('exit for reason %s with inflation %s', (reason, inflation, logged) => {
    const c = new HandContext({ state: CaState.Recovery, inflation, recover: 29 });
    createReno().exit(c, 31, reason);
    expect(c.logged).toEqual(logged === null ? [] : [{ kind: Ev.RecoveryExit, seq: 31, args: [29, logged], cwnd: 20 }]);
    expect(c.recover).toBe(29);
  });

  it('timeout: duplicate ACKs forgotten, the next fast retransmit waits past all that was sent', () => {
    const c = new HandContext({ dupacks: 5, recover: 12, maxSeq: 40 });
    createReno().onTimeout!(c);
    expect(c.dupacks).toBe(0);
    expect(c.recover).toBe(40);
  });

  it('after an ACK, whatever the window allows is sent (no send hook)', () => {
    expect(createReno().send).toBeUndefined();
  });
});
