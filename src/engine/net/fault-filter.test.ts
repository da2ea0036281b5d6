/**
 * The fault filter of one link direction: which packets it loses, and why,
 * in the order the faults are checked.
 */
import { describe, expect, it } from 'vitest';
import { rngStream } from '../core/rng';
import { DropCause } from '../queues/queue';
import { FaultFilter } from './fault-filter';
import { PacketKind, PacketPool } from './packets';

const pool = new PacketPool(8);

function packet(kind: PacketKind, flow: number, seq: number, retx = 0): number {
  const p = pool.alloc();
  pool.setKind(p, kind);
  pool.setFlow(p, flow);
  pool.setSeq(p, seq);
  pool.setRetx(p, retx);
  return p;
}

describe('FaultFilter', () => {
  it('is not armed, and passes everything, while no fault is installed', () => {
    const f = new FaultFilter();
    expect(f.armed).toBe(false);
    expect(f.check(pool, packet(PacketKind.Data, 0, 5), 0)).toBe(DropCause.None);
    expect(f.down).toBe(false);
    f.addBurst(10, 1);
    expect(f.armed).toBe(true);
  });

  it.each([
    // name, kind, flow, seq, retx → cause
    ['the first transmission of a chosen segment', PacketKind.Data, 0, 5, 0, DropCause.Segment],
    ['its retransmission passes', PacketKind.Data, 0, 5, 1, DropCause.None],
    ['another segment passes', PacketKind.Data, 0, 6, 0, DropCause.None],
    ['the same number of another flow passes', PacketKind.Data, 1, 5, 0, DropCause.None],
    ['an ACK with that number passes', PacketKind.Ack, 0, 5, 0, DropCause.None],
  ])('dropSegments: %s', (_name, kind, flow, seq, retx, cause) => {
    const f = new FaultFilter();
    f.loseFirstTransmissions(0, [5, 9]);
    expect(f.check(pool, packet(kind, flow, seq, retx), 0)).toBe(cause);
  });

  it('loses everything while the link is down, and nothing once it is up', () => {
    const f = new FaultFilter();
    f.down = true;
    expect(f.check(pool, packet(PacketKind.Ack, 0, 1), 0)).toBe(DropCause.LinkDown);
    f.down = false;
    expect(f.check(pool, packet(PacketKind.Ack, 0, 1), 0)).toBe(DropCause.None);
  });

  it('a burst loses the next `count` packets from its time on', () => {
    const f = new FaultFilter();
    f.addBurst(100, 2);
    const at = (t: number) => f.check(pool, packet(PacketKind.Cbr, 0, 0), t);
    expect([at(99), at(100), at(101), at(102)]).toEqual([
      DropCause.None,
      DropCause.Burst,
      DropCause.Burst,
      DropCause.None,
    ]);
  });

  it('checks dropSegments first, then linkDown, then bursts, then random loss', () => {
    const f = new FaultFilter();
    f.addLoss({ rate: 1, fromNs: 0, untilNs: Infinity, rng: rngStream(1, 'x') });
    f.addBurst(0, 1);
    f.loseFirstTransmissions(0, [3]);
    expect(f.check(pool, packet(PacketKind.Data, 0, 3), 0)).toBe(DropCause.Segment);
    expect(f.check(pool, packet(PacketKind.Data, 0, 4), 0)).toBe(DropCause.Burst);
    expect(f.check(pool, packet(PacketKind.Data, 0, 4), 0)).toBe(DropCause.Random);
    f.down = true;
    expect(f.check(pool, packet(PacketKind.Data, 0, 4), 0)).toBe(DropCause.LinkDown);
    expect(f.lossRate).toBe(1);
  });

  it('random loss acts only in its time window, at its rate', () => {
    const f = new FaultFilter();
    f.addLoss({ rate: 0.25, fromNs: 1000, untilNs: 2000, rng: rngStream(7, 'loss') });
    expect(f.check(pool, packet(PacketKind.Cbr, 0, 0), 999)).toBe(DropCause.None);
    expect(f.check(pool, packet(PacketKind.Cbr, 0, 0), 2000)).toBe(DropCause.None);
    let lost = 0;
    for (let i = 0; i < 4000; i++) if (f.check(pool, packet(PacketKind.Cbr, 0, 0), 1500) === DropCause.Random) lost++;
    expect(lost / 4000).toBeGreaterThan(0.22);
    expect(lost / 4000).toBeLessThan(0.28);
  });
});
