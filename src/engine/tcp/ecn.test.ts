/**
 * ECN at the two ends of a connection (RFC 3168 §6.1): the negotiation on
 * the SYN, ECT(0) on new data only, the receiver's echo until CWR, and the
 * sender's one reduction per window of data without a retransmission.
 * Hand-made packets, a fake host: nothing of the network is involved.
 */
import { describe, expect, it } from 'vitest';
import { Timer, type TimerOwner } from '../core/timers';
import { Ecn, PacketKind, PacketPool, TcpFlag } from '../net/packets';
import { EventLog, Ev } from '../output/event-log';
import { DEFAULT_TCP } from '../scenario/defaults';
import type { TcpFlowSpec, TcpParams } from '../scenario/types';
import { CaState } from './ca-state';
import { createReno as createRenoCc } from './cc/reno';
import type { TcpHost } from './host';
import { createNewReno } from './recovery/newreno';
import { TcpReceiver } from './receiver';
import { TcpSender } from './sender';

interface Sent {
  seq: number;
  ecn: number;
  flags: number;
  kind: number;
}

class FakeHost implements TcpHost {
  readonly pool = new PacketPool(64);
  readonly log = new EventLog();
  readonly sent: Sent[] = [];
  nowNs = 0;
  private timers = 0;
  send(pkt: number): void {
    const p = this.pool;
    this.sent.push({ seq: p.seq(pkt), ecn: p.ecn(pkt), flags: p.tcpFlags(pkt), kind: p.kind(pkt) });
    p.free(pkt);
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
  kinds(): number[] {
    return Array.from({ length: this.log.length }, (_, i) => this.log.kind.at(i));
  }
}

function spec(tcp: Partial<TcpParams>): TcpFlowSpec {
  return {
    id: 'f',
    kind: 'tcp',
    variant: 'newreno',
    from: 'a',
    to: 'b',
    start: 0,
    stop: null,
    bytes: null,
    packetSize: 1000,
    tcp: { ...DEFAULT_TCP, handshake: false, initialCwnd: 10, window: 100, ecn: true, ...tcp },
  };
}

/** A NewReno sender with segments 0–9 out. */
function sender(tcp: Partial<TcpParams> = {}) {
  const host = new FakeHost();
  const snd = new TcpSender(0, spec(tcp), 0, 1, host, createNewReno(), createRenoCc());
  snd.start(0);
  let t = 0;
  const ack = (seq: number, flags = 0) => {
    const p = host.pool.alloc();
    host.pool.setKind(p, PacketKind.Ack);
    host.pool.setSeq(p, seq);
    host.pool.setEcho(p, 0);
    host.pool.setNsack(p, 0);
    host.pool.setTcpFlags(p, flags);
    t += 1e6;
    host.nowNs = t;
    snd.onAck(p);
  };
  return { host, snd, ack };
}

describe('the sender (RFC 3168 §6.1.2)', () => {
  it('marks new data ECT(0), and reduces once for an ECN echo without retransmitting', () => {
    const { host, snd, ack } = sender();
    expect(host.sent.map((s) => s.ecn)).toEqual(Array(10).fill(Ecn.Ect0));
    ack(0);
    const sentBefore = host.sent.length;
    const cwnd = snd.cwnd;
    ack(1, TcpFlag.Ece);
    expect(snd.state).toBe(CaState.CWR);
    expect(snd.phase(false)).toBe('cwr');
    expect(snd.ssthresh).toBe(Math.floor(cwnd / 2));
    expect(snd.cwnd).toBe(cwnd / 2);
    expect(snd.retransmissions).toBe(0);
    expect(snd.ecnReductions).toBe(1);
    expect(host.kinds()).toEqual([Ev.Cwr]);
    // Everything sent since is new data; the first of it carries CWR.
    const after = host.sent.slice(sentBefore);
    expect(after.every((s, i) => s.seq > 9 && s.ecn === Ecn.Ect0 && (s.flags === TcpFlag.Cwr) === (i === 0))).toBe(
      true,
    );
  });

  it('holds the window in CWR, ignores further echoes until the ACKs pass what was sent, then may reduce again', () => {
    const { snd, ack, host } = sender();
    ack(0);
    ack(1, TcpFlag.Ece);
    const high = snd.tcb.cwrHigh;
    const cwnd = snd.cwnd;
    for (let a = 2; a <= high; a++) ack(a, TcpFlag.Ece);
    expect(snd.state).toBe(CaState.CWR);
    expect(snd.cwnd).toBe(cwnd); // no growth, no second cut
    expect(snd.ecnReductions).toBe(1);
    ack(high + 1);
    expect(snd.state).toBe(CaState.Open);
    ack(high + 2, TcpFlag.Ece);
    expect(snd.ecnReductions).toBe(2);
    expect(host.kinds()).toEqual([Ev.Cwr, Ev.Cwr]);
  });

  it('a loss in the window already reduced for ECN is retransmitted without a second reduction', () => {
    const { snd, ack, host } = sender();
    ack(0);
    ack(1, TcpFlag.Ece);
    const { cwnd, ssthresh } = snd;
    for (let i = 0; i < 4; i++) ack(2);
    expect(snd.state).toBe(CaState.Recovery);
    expect([snd.cwnd, snd.ssthresh]).toEqual([cwnd, ssthresh]);
    expect(snd.retransmissions).toBe(1);
    expect(host.log.d.at(1)).toBe(2); // the caption says the window was already reduced
  });

  it('takes no ECN action on a connection that did not negotiate it', () => {
    const { snd, ack, host } = sender({ ecn: false });
    expect(host.sent.every((s) => s.ecn === Ecn.NotEct)).toBe(true);
    ack(0);
    ack(1, TcpFlag.Ece);
    expect(snd.state).toBe(CaState.Open);
    expect(snd.ecnReductions).toBe(0);
  });

  it('sends retransmissions Not-ECT (§6.1.5) and sets CWR after a loss reduction too', () => {
    const { host, ack } = sender();
    for (let i = 0; i < 4; i++) ack(1);
    const rtx = host.sent.filter((s) => s.seq === 2);
    expect(rtx.map((s) => s.ecn)).toEqual([Ecn.Ect0, Ecn.NotEct]);
    const high = host.sent.reduce((m, s) => Math.max(m, s.seq), 0);
    ack(high); // ends recovery; new data follows
    const fresh = host.sent.filter((s) => s.seq > high);
    expect(fresh.length).toBeGreaterThan(1);
    expect(fresh.every((s) => s.ecn === Ecn.Ect0)).toBe(true);
    expect(fresh.map((s) => s.flags === TcpFlag.Cwr)).toEqual(fresh.map((_, i) => i === 0));
    expect(fresh[0].flags).toBe(TcpFlag.Cwr);
    expect(fresh.slice(1).every((s) => s.flags === 0)).toBe(true);
  });

  it('offers ECN on the SYN and uses it only if the SYN’s ACK accepts it', () => {
    for (const accept of [true, false]) {
      const { host, snd, ack } = sender({ handshake: true });
      expect(host.sent).toEqual([{ seq: 0, ecn: Ecn.NotEct, flags: TcpFlag.Ece | TcpFlag.Cwr, kind: PacketKind.Data }]);
      ack(0, accept ? TcpFlag.Ece : 0);
      expect(snd.state).toBe(CaState.Open); // the SYN's ECE is no congestion signal
      expect(host.sent.slice(1).every((s) => s.ecn === (accept ? Ecn.Ect0 : Ecn.NotEct))).toBe(true);
    }
  });
});

/** A receiver with a fake host; `data` hands it a segment. */
function receiver(tcp: Partial<TcpParams> = {}) {
  const host = new FakeHost();
  const s = spec(tcp);
  const base = s.tcp.handshake ? 1 : 0;
  const rcv = new TcpReceiver(0, s, 1, 0, host, false, base, Infinity);
  let t = 0;
  const data = (seq: number, ecn = Ecn.Ect0, flags = 0) => {
    const p = host.pool.alloc();
    host.pool.setKind(p, PacketKind.Data);
    host.pool.setSeq(p, seq);
    host.pool.setSentAt(p, t);
    host.pool.setEcn(p, ecn);
    host.pool.setTcpFlags(p, flags);
    t += 1e6;
    host.nowNs = t;
    rcv.onData(p);
    host.pool.free(p);
  };
  const ece = () => host.sent.map((s) => (s.flags & TcpFlag.Ece) !== 0);
  return { host, data, ece };
}

describe('the receiver (RFC 3168 §6.1.3)', () => {
  it('echoes CE on every ACK until a segment arrives with CWR', () => {
    const { host, data, ece } = receiver();
    data(0);
    data(1, Ecn.Ce);
    data(2);
    data(3);
    data(4, Ecn.Ect0, TcpFlag.Cwr);
    data(5);
    expect(ece()).toEqual([false, true, true, true, false, false]);
    expect(host.kinds()).toEqual([Ev.EcnEcho]);
  });

  it('keeps echoing when the CWR segment is itself marked CE', () => {
    const { host, data, ece } = receiver();
    data(0, Ecn.Ce);
    data(1, Ecn.Ce, TcpFlag.Cwr);
    data(2, Ecn.Ect0, TcpFlag.Cwr);
    data(3, Ecn.Ce);
    expect(ece()).toEqual([true, true, false, true]);
    // CWR ends an echo and CE starts the next: three episodes.
    expect(host.kinds()).toEqual([Ev.EcnEcho, Ev.EcnEcho, Ev.EcnEcho]);
  });

  it('accepts an ECN-setup SYN with ECE on its ACK, and echoes nothing without ECN', () => {
    const on = receiver({ handshake: true });
    on.data(0, Ecn.NotEct, TcpFlag.Ece | TcpFlag.Cwr);
    on.data(1, Ecn.Ce);
    expect(on.ece()).toEqual([true, true]);
    const off = receiver({ handshake: true, ecn: false });
    off.data(0, Ecn.NotEct, TcpFlag.Ece | TcpFlag.Cwr);
    off.data(1, Ecn.Ce);
    expect(off.ece()).toEqual([false, false]);
  });
});
