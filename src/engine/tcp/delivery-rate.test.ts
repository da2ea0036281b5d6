/**
 * Delivery-rate samples (delivery-rate.ts; draft-cheng-iccrg-delivery-rate-
 * estimation, Linux tcp_rate.c): what each ACK measures, what the sender
 * counts in flight, and when samples are application-limited.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SACK_BLOCKS, PacketPool } from '../net/packets';
import { DeliveryRate } from './delivery-rate';

const MS = 1_000_000;
const pool = new PacketPool(4);
const pkt = pool.alloc();

/** An ACK with cumulative point `ack` and SACK blocks [l, r]. */
function ack(d: DeliveryRate, a: number, nowNs: number, blocks: [number, number][] = [], rttNs = -1): void {
  pool.setNsack(pkt, blocks.length);
  blocks.forEach(([l, r], b) => {
    pool.sack[pkt * MAX_SACK_BLOCKS * 2 + 2 * b] = l;
    pool.sack[pkt * MAX_SACK_BLOCKS * 2 + 2 * b + 1] = r;
  });
  d.onAck(a, pool, pkt, nowNs, rttNs);
}

describe('a sample per ACK', () => {
  it.each([
    // what, send times (ms) of 0..3, ACK times (ms) → per ACK: delivered, interval (s)
    // ACK phase longer than the send phase: rate = delivered over the time since the flight's first delivery point.
    ['sends in a burst, ACKs 1 ms apart', [0, 0, 0, 0], [100, 101, 102, 103], [1, 2, 3, 4], [0.1, 0.101, 0.102, 0.103]],
    // Send phase longer (ACK compression): the interval is the send phase, never the shorter ACK phase.
    [
      'sends 40 ms apart, ACKs compressed',
      [0, 40, 80, 120],
      [200, 200.1, 200.2, 200.3],
      [1, 2, 3, 4],
      [0.2, 0.2001, 0.2002, 0.2003],
    ],
  ])('%s', (_n, sends, acks, delivered, interval) => {
    const d = new DeliveryRate(3, 0);
    sends.forEach((t, s) => d.onSend(s, t * MS));
    acks.forEach((t, s) => {
      ack(d, s, t * MS, [], 100 * MS);
      expect(d.rs.delivered, `ACK ${s}`).toBe(delivered[s]);
      expect(d.rs.interval, `ACK ${s}`).toBeCloseTo(interval[s], 9);
      expect(d.rs.ackedSacked).toBe(1);
    });
    expect(d.delivered).toBe(4);
    expect(d.inFlight).toBe(0);
  });

  it('the second flight is measured from the first flight’s delivery: one BDP over one RTT', () => {
    const d = new DeliveryRate(3, 0);
    for (let s = 0; s < 10; s++) d.onSend(s, 0);
    // ACKs every ms from 100 ms; each releases one new segment (the ACK clock).
    for (let s = 0; s < 10; s++) {
      ack(d, s, (100 + s) * MS, [], 100 * MS);
      d.onSend(10 + s, (100 + s) * MS);
    }
    for (let s = 10; s < 20; s++) ack(d, s, (100 + s) * MS, [], 100 * MS);
    // Segment 19 was sent at 109 ms, when 10 had been delivered; by 119 ms 20 are. Its send phase
    // runs from the send of the segment last delivered before it (segment 9, at 0 ms): 109 ms,
    // longer than its ACK phase (109 → 119 ms). 10 segments in 109 ms: one window per round trip.
    expect(d.rs.priorDelivered).toBe(10);
    expect(d.rs.delivered).toBe(10);
    expect(d.rs.interval).toBeCloseTo(0.109, 9);
  });

  it('discards a sample shorter than the smallest RTT (compressed ACKs say nothing of the path)', () => {
    const d = new DeliveryRate(3, 0);
    d.onSend(0, 0);
    ack(d, 0, 100 * MS, [], 100 * MS);
    expect(d.rs.interval).toBeCloseTo(0.1, 9);
    // Idle, then two segments: both phases start at 500 ms; their ACK comes 50 ms later.
    d.onSend(1, 500 * MS);
    d.onSend(2, 500 * MS);
    ack(d, 2, 550 * MS);
    expect(d.rs.delivered).toBe(2);
    expect(d.rs.interval).toBe(-1);
  });

  it('an ACK that delivers nothing gives no sample', () => {
    const d = new DeliveryRate(3, 0);
    d.onSend(0, 0);
    d.onSend(1, 0);
    ack(d, 0, 100 * MS);
    ack(d, 0, 101 * MS);
    expect(d.rs.ackedSacked).toBe(0);
    expect(d.rs.delivered).toBe(-1);
  });
});

describe('in flight (Linux tcp_packets_in_flight)', () => {
  it('SACKed segments leave the flight; a hole dupThresh below the highest SACK is lost; its retransmission is in flight', () => {
    const d = new DeliveryRate(3, 0);
    for (let s = 0; s < 10; s++) d.onSend(s, 0);
    expect(d.inFlight).toBe(10);
    ack(d, 1, 100 * MS); // 0, 1
    expect(d.inFlight).toBe(8);
    ack(d, 1, 101 * MS, [[3, 3]]); // 2 missing
    ack(d, 1, 102 * MS, [[3, 4]]);
    expect([d.sackedOut, d.lostOut, d.rs.losses]).toEqual([2, 0, 0]);
    ack(d, 1, 103 * MS, [[3, 5]]); // three SACKed above 2: it is lost
    expect([d.sackedOut, d.lostOut, d.rs.losses]).toEqual([3, 1, 1]);
    expect(d.inFlight).toBe(10 - 2 - 3 - 1);
    expect(d.rs.priorInFlight).toBe(10 - 2 - 2);
    d.onSend(2, 103 * MS); // the retransmission
    expect(d.retransOut).toBe(1);
    expect(d.inFlight).toBe(10 - 2 - 3 - 1 + 1);
    ack(d, 5, 200 * MS); // the retransmission arrives: everything up to 5 is acknowledged
    expect([d.sackedOut, d.lostOut, d.retransOut, d.inFlight]).toEqual([0, 0, 0, 4]);
    expect(d.delivered).toBe(6);
    expect(d.lost).toBe(1);
  });

  it('a timeout marks everything not SACKed lost; go-back-N resends are in flight', () => {
    const d = new DeliveryRate(3, 0);
    for (let s = 0; s < 6; s++) d.onSend(s, 0);
    ack(d, -1, 100 * MS, [[2, 2]]);
    d.onTimeout();
    expect([d.sackedOut, d.lostOut, d.inFlight]).toEqual([1, 5, 0]);
    d.onSend(0, 1000 * MS);
    expect(d.inFlight).toBe(1);
  });

  it('grows its per-segment store beyond its first size without losing stamps', () => {
    const d = new DeliveryRate(3, 0, 4);
    for (let s = 0; s < 40; s++) d.onSend(s, s * MS);
    expect(d.inFlight).toBe(40);
    ack(d, 39, 200 * MS, [], 100 * MS);
    expect(d.delivered).toBe(40);
    expect(d.rs.priorDelivered).toBe(0);
    expect(d.rs.interval).toBeCloseTo(0.2, 9);
  });

  it('the SYN (below `base`) takes no part', () => {
    const d = new DeliveryRate(3, 1);
    d.onSend(0, 0);
    expect(d.inFlight).toBe(0);
  });
});

describe('application-limited samples (draft §3.4)', () => {
  it('marks samples of segments sent while limited, until what was in flight is delivered', () => {
    const d = new DeliveryRate(3, 0);
    d.onSend(0, 0);
    d.onSend(1, 0);
    d.checkAppLimited(10); // 2 in flight, cwnd 10: nothing more to send
    expect(d.appLimited).toBe(2);
    d.onSend(2, 1 * MS);
    ack(d, 0, 100 * MS, [], 100 * MS);
    expect(d.rs.appLimited).toBe(false); // segment 0 was sent before the mark
    ack(d, 2, 101 * MS, [], 100 * MS);
    expect(d.rs.appLimited).toBe(true); // segment 2 was sent while limited
    expect(d.appLimited).toBe(0); // the mark is passed: delivered (3) beyond it
  });

  it('is not limited while the window is full or a loss waits for its retransmission', () => {
    const d = new DeliveryRate(3, 0);
    for (let s = 0; s < 4; s++) d.onSend(s, 0);
    d.checkAppLimited(4);
    expect(d.appLimited).toBe(0);
  });
});
