/**
 * The sender's ACK clock on its own: a fake host, hand-made ACKs, and the
 * congestion state the sender moves through (told to the congestion ops by
 * onStateChange), for the recovery modules that end recovery differently.
 */
import { describe, expect, it } from 'vitest';
import { Timer, type TimerOwner } from '../core/timers';
import { PacketKind, PacketPool } from '../net/packets';
import { EventLog, Ev } from '../output/event-log';
import { DEFAULT_TCP } from '../scenario/defaults';
import type { TcpFlowSpec } from '../scenario/types';
import { CA_STATE_NAMES, CaState } from './ca-state';
import { createReno as createRenoCc } from './cc/reno';
import type { CongestionOps } from './cc/types';
import type { TcpHost } from './host';
import { createNewReno } from './recovery/newreno';
import { createReno } from './recovery/reno';
import { createTahoe } from './recovery/tahoe';
import type { RecoveryOps } from './recovery/types';
import { TcpSender } from './sender';

class FakeHost implements TcpHost {
  readonly pool = new PacketPool(64);
  readonly log = new EventLog();
  /** sequence numbers sent, in order */
  readonly sent: number[] = [];
  nowNs = 0;
  private timers = 0;
  send(pkt: number): void {
    this.sent.push(this.pool.seq(pkt));
    this.pool.free(pkt);
  }
  newTimer(owner: TimerOwner, which: number): Timer {
    return new Timer(this.timers++, owner, which);
  }
  arm(timer: Timer, atNs: number): void {
    timer.deadline = atNs;
  }
  disarm(timer: Timer): void {
    timer.deadline = -1;
  }
}

const SPEC: TcpFlowSpec = {
  id: 'f',
  kind: 'tcp',
  variant: 'reno',
  from: 'a',
  to: 'b',
  start: 0,
  stop: null,
  bytes: null,
  packetSize: 1000,
  tcp: { ...DEFAULT_TCP, handshake: false, initialCwnd: 10, window: 40 },
};

/** A sender with 10 segments (0–9) out, recording its state changes by name. */
function setUp(recovery: RecoveryOps) {
  const host = new FakeHost();
  const changes: string[] = [];
  const cc: CongestionOps = {
    ...createRenoCc(),
    onStateChange: (_s, from, to) => changes.push(`${CA_STATE_NAMES[from]}→${CA_STATE_NAMES[to]}`),
  };
  const snd = new TcpSender(0, SPEC, 0, 1, host, recovery, cc);
  snd.start(0);
  let t = 0;
  const ack = (seq: number) => {
    const p = host.pool.alloc();
    host.pool.setKind(p, PacketKind.Ack);
    host.pool.setSeq(p, seq);
    host.pool.setEcho(p, 0);
    host.pool.setNsack(p, 0);
    t += 1e6;
    host.nowNs = t;
    snd.onAck(p);
  };
  const timeout = () => {
    t += 1e9;
    snd.onTimer(0, t);
  };
  const events = () => Array.from({ length: host.log.length }, (_, i) => host.log.kind.at(i));
  return { snd, host, changes, ack, timeout, events };
}

describe('the sender’s congestion state', () => {
  it('NewReno: Open → Disorder → Recovery, a partial ACK keeps it, the recovery point ends it', () => {
    const { snd, changes, ack, events } = setUp(createNewReno());
    expect(snd.state).toBe(CaState.Open);
    ack(1); // segments 0 and 1 arrived; 2 and 4 were lost
    ack(1);
    expect(snd.state).toBe(CaState.Disorder);
    ack(1);
    ack(1);
    expect(snd.state).toBe(CaState.Recovery);
    expect(snd.phase(false)).toBe('fast_recovery');
    const recover = snd.tcb.recover;
    ack(3); // partial: 4 is missing too
    expect(snd.state).toBe(CaState.Recovery);
    ack(recover);
    expect(snd.state).toBe(CaState.Open);
    expect(changes).toEqual(['open→disorder', 'disorder→recovery', 'recovery→open']);
    expect(events()).toEqual([Ev.FastRetransmit, Ev.RecoveryEnter, Ev.PartialAck, Ev.RecoveryExit]);
  });

  it('Reno: a partial ACK ends recovery', () => {
    const { snd, changes, ack, events } = setUp(createReno());
    for (let i = 0; i < 4; i++) ack(1);
    ack(3);
    expect(snd.state).toBe(CaState.Open);
    expect(changes).toEqual(['open→disorder', 'disorder→recovery', 'recovery→open']);
    expect(events()).toEqual([Ev.FastRetransmit, Ev.RecoveryEnter, Ev.RecoveryExit]);
  });

  it('Tahoe: no Recovery; the fast retransmit restarts from cwnd 1 and stays in Disorder until a new ACK', () => {
    const { snd, changes, ack, host } = setUp(createTahoe());
    for (let i = 0; i < 4; i++) ack(1);
    expect(snd.cwnd).toBe(1);
    expect(snd.state).toBe(CaState.Disorder);
    expect(host.sent.slice(-1)).toEqual([2]); // go-back-N from the first unacknowledged segment
    ack(2);
    expect(snd.state).toBe(CaState.Open);
    expect(changes).toEqual(['open→disorder', 'disorder→open']);
  });

  it('a timeout: Loss until the ACKs cover what was outstanding; from Recovery it abandons recovery first', () => {
    const { snd, changes, ack, timeout, events } = setUp(createNewReno());
    for (let i = 0; i < 4; i++) ack(1);
    timeout();
    expect(snd.state).toBe(CaState.Loss);
    expect(snd.phase(false)).toBe('loss_recovery');
    expect(snd.cwnd).toBe(1);
    const recover = snd.tcb.recover;
    ack(recover - 1);
    expect(snd.state).toBe(CaState.Loss);
    ack(recover);
    expect(snd.state).toBe(CaState.Open);
    expect(changes).toEqual(['open→disorder', 'disorder→recovery', 'recovery→loss', 'loss→open']);
    expect(events().slice(0, 4)).toEqual([Ev.FastRetransmit, Ev.RecoveryEnter, Ev.RecoveryExit, Ev.Timeout]);
  });

  it('hands the congestion ops one AckSample per ACK: new data, duplicates, an RTT sample', () => {
    const host = new FakeHost();
    const seen: { acked: number; dup: boolean; rtt: number }[] = [];
    const cc: CongestionOps = {
      ...createRenoCc(),
      onAck: (_s, a) => seen.push({ acked: a.acked, dup: a.dup, rtt: a.rtt }),
    };
    const snd = new TcpSender(0, SPEC, 0, 1, host, createReno(), cc);
    snd.start(0);
    const ack = (seq: number, t: number) => {
      const p = host.pool.alloc();
      host.pool.setKind(p, PacketKind.Ack);
      host.pool.setSeq(p, seq);
      host.nowNs = t;
      snd.onAck(p);
    };
    ack(2, 50e6);
    ack(2, 51e6);
    ack(5, 52e6);
    expect(seen).toEqual([
      { acked: 3, dup: false, rtt: 0.05 }, // segment 0 was timed
      { acked: 0, dup: true, rtt: -1 },
      { acked: 3, dup: false, rtt: -1 },
    ]);
  });
});
