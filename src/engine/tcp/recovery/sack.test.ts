/**
 * SACK recovery (ns-2 Sack1), table-driven: a hand-built context, one hook,
 * then the duplicate count, pipe, the scoreboard and what was sent.
 */
import { describe, expect, it } from 'vitest';
import { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import { HandContext } from './hand-context';
import { SackRecovery } from './sack';
import { ExitReason } from './types';

/** A SACK sender that has sent up to segment 29 with everything up to 9 acknowledged. */
function sender(o: Partial<HandContext> = {}): { s: SackRecovery; c: HandContext } {
  return { s: new SackRecovery(), c: new HandContext({ highestAck: 9, maxSeq: 29, tSeqno: 30, cwnd: 10, ...o }) };
}

describe('SACK duplicate ACKs', () => {
  it.each([
    // name, SACK blocks of the three ACKs → fast retransmit on the third?, dupacks after
    ['each reports new data: counted', [[[11, 11]], [[11, 12]], [[11, 13]]], true, 3],
    ['the second repeats the first: not counted', [[[11, 11]], [[11, 11]], [[11, 12]]], false, 2],
    ['no blocks at all: not counted', [[], [], []], false, 0],
  ] as [string, [number, number][][], boolean, number][])('%s', (_name, acks, fr, dupacks) => {
    const { s, c } = sender();
    let last = false;
    for (const blocks of acks) {
      last = s.onDupAck(c, c.ack(blocks));
      if (c.dupacks > 0 && c.dupacks < 3) c.state = CaState.Disorder;
    }
    expect(last).toBe(fr);
    expect(c.dupacks).toBe(dupacks);
  });

  it('after a timeout, duplicate ACKs count again only after a new ACK', () => {
    const { s, c } = sender();
    s.onTimeout(c);
    expect(c.dupacks).toBe(0);
    expect(c.recover).toBe(29);
    s.onDupAck(c, c.ack([[11, 11]]));
    expect(c.dupacks).toBe(0);
    c.highestAck = 10;
    s.onNewAck(c);
    s.onDupAck(c, c.ack([[12, 12]]));
    expect(c.dupacks).toBe(1);
  });

  it('in recovery each duplicate ACK lowers pipe by one', () => {
    const { s, c } = sender({ dupacks: 3, recover: 29 });
    s.enter(c);
    c.state = CaState.Recovery;
    const pipe = s.pipe;
    s.onDupAck(c, c.ack([[11, 15]]));
    s.onDupAck(c, c.ack([[11, 15]]));
    expect(s.pipe).toBe(pipe - 2);
    expect(c.dupacks).toBe(4); // only the first reported news
  });
});

describe('SACK fast recovery', () => {
  it('enter: pipe = highest sent − cumulative ACK − DupThresh; the first hole is retransmitted and marked', () => {
    const { s, c } = sender({ dupacks: 3, recover: 29 });
    s.onDupAck(c, c.ack([[12, 14]])); // the scoreboard learns what the receiver holds
    s.enter(c);
    expect(s.pipe).toBe(29 - 9 - 3);
    expect(c.sent).toEqual([10]);
    expect(c.timer).toEqual(['reset mild']);
    expect(c.logged.at(-1)).toEqual({ kind: Ev.RecoveryEnter, seq: 29, args: [17, 1], cwnd: 10 });
    expect(s.scoreboard.nextRetran()).toBe(11); // 10 was retransmitted; 11 is the next hole
  });

  it.each([
    // name, pipe, cwnd, SACKed → segments sent (holes first, then new data, while pipe < cwnd)
    [
      'pipe below cwnd by two: two holes',
      8,
      10,
      [
        [12, 12],
        [14, 20],
      ],
      [11, 13],
    ],
    [
      'room for more: the holes, then new data',
      6,
      10,
      [
        [12, 12],
        [14, 20],
      ],
      [11, 13, 30, 31],
    ],
    ['pipe at cwnd: nothing', 10, 10, [[12, 12]], []],
  ] as [string, number, number, [number, number][], number[]][])('%s', (_name, pipe, cwnd, blocks, sent) => {
    const { s, c } = sender({ dupacks: 3, recover: 29 });
    s.onDupAck(c, c.ack(blocks));
    s.enter(c);
    c.state = CaState.Recovery;
    c.sent.length = 0;
    c.cwnd = cwnd;
    s.pipe = pipe;
    s.send(c, false);
    expect(c.sent).toEqual(sent);
  });

  it('on the ACK that began recovery nothing more is sent', () => {
    const { s, c } = sender({ dupacks: 3, state: CaState.Recovery });
    s.pipe = 0;
    s.send(c, true);
    expect(c.sent).toEqual([]);
  });

  it('a partial ACK: pipe −2, the timer restarts, the backoff clears, the holes left are reported', () => {
    const { s, c } = sender({ dupacks: 3, recover: 29 });
    s.onDupAck(
      c,
      c.ack([
        [12, 12],
        [14, 16],
      ]),
    );
    s.enter(c);
    c.state = CaState.Recovery;
    const pipe = s.pipe;
    c.highestAck = 10; // the retransmission of 10 arrived
    expect(
      s.onPartialAck(
        c,
        1,
        c.ack([
          [12, 12],
          [14, 16],
        ]),
      ),
    ).toBe(true);
    expect(s.pipe).toBe(pipe - 2);
    expect(c.timer.at(-1)).toBe('restart');
    expect(c.backoffCleared).toBe(1);
    expect(c.logged.at(-1)).toEqual({ kind: Ev.PartialAck, seq: 10, args: [29, -1, 2], cwnd: 10 }); // holes 11 and 13
  });

  it.each([
    // reason → recovery point after
    [ExitReason.Full, -1],
    [ExitReason.Timeout, 29],
  ])('exit (%s): reported; the recovery point is forgotten unless by a timeout', (reason, recover) => {
    const { s, c } = sender({ recover: 29, state: CaState.Recovery });
    s.exit(c, 29, reason);
    expect(c.logged).toEqual([{ kind: Ev.RecoveryExit, seq: 29, args: [29, reason], cwnd: 10 }]);
    expect(c.recover).toBe(recover);
  });

  it('does not grow the window on the ACK that ends recovery; has no inflation', () => {
    const s = new SackRecovery();
    expect(s.growOnExit).toBe(false);
    expect(s.inflates).toBe(false);
    expect(s.usesSack).toBe(true);
  });
});
