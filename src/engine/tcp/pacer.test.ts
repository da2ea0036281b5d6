/**
 * Pacing (pacer.ts): the slot arithmetic of Linux's fq, the timer that
 * resumes the sending, Linux's default rate for variants that set none, and
 * a paced sender spacing a window that an ACK opened all at once.
 */
import { describe, expect, it } from 'vitest';
import { Timer, type TimerOwner } from '../core/timers';
import { PacketKind, PacketPool } from '../net/packets';
import { EventLog } from '../output/event-log';
import { DEFAULT_TCP } from '../scenario/defaults';
import type { TcpFlowSpec } from '../scenario/types';
import { createReno as createRenoCc } from './cc/reno';
import { TIMER_PACE } from './control-block';
import type { TcpHost } from './host';
import { defaultPacingRate, Pacer, PACING_CA_RATIO, PACING_SS_RATIO } from './pacer';
import { createNewReno } from './recovery/newreno';
import { TcpSender } from './sender';

class FakeHost implements TcpHost {
  readonly pool = new PacketPool(64);
  readonly log = new EventLog();
  /** [sequence number, ns] of every packet sent */
  readonly sent: [number, number][] = [];
  private timers = 0;
  readonly armed: Timer[] = [];
  nowNs = 0;
  send(pkt: number): void {
    this.sent.push([this.pool.seq(pkt), this.nowNs]);
    this.pool.free(pkt);
  }
  newTimer(owner: TimerOwner, which: number): Timer {
    const t = new Timer(this.timers++, owner, which);
    this.armed.push(t);
    return t;
  }
  arm(timer: Timer, atNs: number): void {
    timer.deadline = atNs;
  }
  disarm(timer: Timer): void {
    timer.deadline = -1;
  }
}

const owner: TimerOwner = { onTimer: () => {} };

describe('the pacer (fq semantics)', () => {
  const mk = () => {
    const host = new FakeHost();
    const timer = host.newTimer(owner, TIMER_PACE);
    return { host, timer, p: new Pacer(host, timer, 1000, 1040) };
  };

  it('lets everything leave while it has no rate', () => {
    const { p, timer } = mk();
    p.sent(0, 1040);
    expect(p.ready(0)).toBe(true);
    expect(timer.pending).toBe(false);
  });

  it.each([
    // rate bit/s of data, wire bytes → slot ns (a full segment's slot is MSS·8/rate; smaller packets by size)
    [8e6, 1040, 1_000_000],
    [1e6, 1040, 8_000_000],
    [8e6, 520, 500_000],
    [10e6, 1040, 800_000],
  ])('at %d bit/s a %d-byte packet holds the next for %d ns', (rate, bytes, slot) => {
    const { p, timer } = mk();
    p.rate = rate;
    expect(p.ready(5_000)).toBe(true);
    p.sent(5_000, bytes);
    expect(p.ready(5_000 + slot - 1)).toBe(false);
    expect(timer.deadline).toBe(5_000 + slot);
    expect(p.ready(5_000 + slot)).toBe(true);
  });

  it('gives an idle flow no credit: after a pause one packet leaves, then the spacing resumes', () => {
    const { p } = mk();
    p.rate = 8e6;
    p.sent(0, 1040);
    expect(p.ready(50_000_000)).toBe(true);
    p.sent(50_000_000, 1040);
    expect(p.ready(50_000_001)).toBe(false);
  });
});

describe("Linux's pacing rate for a variant that sets none (tcp_update_pacing_rate)", () => {
  it.each([
    // cwnd, ssthresh, outstanding, srtt, mss → bit/s
    ['no RTT sample yet: no pacing', 10, 100, 10, 0, 1000, 0],
    ['slow start (cwnd < ssthresh/2): 200 %', 10, 100, 10, 0.1, 1000, (PACING_SS_RATIO * 10 * 8000) / 0.1],
    ['congestion avoidance: 120 %', 60, 100, 60, 0.1, 1000, (PACING_CA_RATIO * 60 * 8000) / 0.1],
    ['more outstanding than cwnd (recovery): by what is outstanding', 20, 30, 40, 0.05, 1000, (1.2 * 40 * 8000) / 0.05],
  ])('%s', (_n, cwnd, ssthresh, out, srtt, mss, want) => {
    expect(defaultPacingRate(cwnd, ssthresh, out, srtt, mss)).toBeCloseTo(want, 6);
  });
});

describe('a paced sender', () => {
  const SPEC: TcpFlowSpec = {
    id: 'f',
    kind: 'tcp',
    variant: 'newreno',
    from: 'a',
    to: 'b',
    start: 0,
    stop: null,
    bytes: null,
    packetSize: 1000,
    tcp: { ...DEFAULT_TCP, handshake: false, initialCwnd: 4, window: 40, pacing: true },
  };

  it('spaces what an ACK opens by the slot, the pacing timer sending each next one', () => {
    const host = new FakeHost();
    const snd = new TcpSender(0, SPEC, 0, 1, host, createNewReno(), createRenoCc());
    snd.start(0);
    // No RTT sample yet: the initial window leaves at once.
    expect(host.sent.map(([s]) => s)).toEqual([0, 1, 2, 3]);
    const ackAt = (seq: number, ns: number) => {
      const p = host.pool.alloc();
      host.pool.setKind(p, PacketKind.Ack);
      host.pool.setSeq(p, seq);
      host.pool.setEcho(p, 0);
      host.pool.setNsack(p, 0);
      host.nowNs = ns;
      snd.onAck(p);
    };
    // A cumulative ACK of all four at 100 ms: cwnd 5 (one ACK, ns-2 counts it once), srtt 100 ms
    // → 2 × 5 segments per 100 ms, a window that would otherwise leave back to back.
    ackAt(3, 100_000_000);
    expect(snd.cwnd).toBe(5);
    const rate = snd.pacingRate;
    expect(rate).toBeCloseTo((2 * 5 * 8000) / 0.1, 0);
    const slot = Math.round((1040 * 1000 * 8e9) / (1040 * rate));
    expect(host.sent.length).toBe(5); // one leaves; the pacer holds the rest
    const timer = host.armed.find((t) => t.which === TIMER_PACE)!;
    for (let k = 0; k < 4; k++) {
      expect(timer.deadline).toBe(host.sent[host.sent.length - 1][1] + slot);
      const at = timer.deadline;
      timer.deadline = -1; // fired, as the simulator's timers do
      host.nowNs = at;
      snd.onTimer(TIMER_PACE, at);
    }
    const times = host.sent.slice(4).map(([, t]) => t);
    expect(host.sent.slice(4).map(([s]) => s)).toEqual([4, 5, 6, 7, 8]);
    expect(timer.pending).toBe(false); // the window is full: nothing held back
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBe(slot);
  });
});
