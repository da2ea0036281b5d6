import { describe, expect, it } from 'vitest';
import type { LinkTraceRows } from '../../worker/protocol';
import { LINK_DROP, LINK_ENQUEUE, LINK_TRANSMIT, PacketFlights } from './flights';
import { laneView, onWire } from './packet-view';

type Row = [time: number, dir: number, pkt: number, what: number, until?: number, cause?: number, seq?: number];

function rows(list: Row[]): LinkTraceRows {
  return {
    time: Float64Array.from(list, (r) => r[0]),
    dir: Int32Array.from(list, (r) => r[1]),
    pkt: Int32Array.from(list, (r) => r[2]),
    flow: Int32Array.from(list, () => 0),
    seq: Int32Array.from(list, (r) => r[6] ?? r[2]),
    code: Int32Array.from(list, (r) => r[3] | (1 << 2) | ((r[5] ?? 0) << 8)),
    until: Float64Array.from(list, (r) => r[4] ?? NaN),
  };
}

// a 100-unit lane, 10 ms propagation, 1 ms serialization per packet, 10 packets of room
const lane = { length: 100, delay: 0.01, room: 10 };

describe('PacketFlights', () => {
  it('pairs each packet’s enqueue, transmission and arrival in its direction', () => {
    const f = new PacketFlights();
    f.add(rows([[0, 0, 7, LINK_ENQUEUE], [0, 0, 7, LINK_TRANSMIT, 0.011], [0.001, 1, 7, LINK_ENQUEUE]]));
    expect(f.flights).toHaveLength(2);
    expect(f.flights[0]).toMatchObject({ dir: 0, enq: 0, tx: 0, arrive: 0.011, kind: 1 });
    expect(f.flights[1]).toMatchObject({ dir: 1, enq: 0.001 });
    expect(f.flights[1].tx).toBeNaN();
  });

  it('a reused packet index starts a new passage once the old one has arrived', () => {
    const f = new PacketFlights();
    f.add(rows([[0, 0, 7, LINK_ENQUEUE, undefined, 0, 70], [0, 0, 7, LINK_TRANSMIT, 0.011, 0, 70], [0.5, 0, 7, LINK_DROP, undefined, 5, 101]]));
    expect(f.flights.map((x) => [x.seq, x.drop])).toEqual([
      [70, NaN],
      [101, 0.5],
    ]);
  });

  it('finds what is under way in a window, and lets the oldest go past capacity', () => {
    const f = new PacketFlights(10);
    const list: Row[] = [];
    for (let i = 0; i < 20; i++) list.push([i * 0.1, 0, i, LINK_ENQUEUE], [i * 0.1, 0, i, LINK_TRANSMIT, i * 0.1 + 0.011]);
    f.add(rows(list));
    expect(f.flights.length).toBeLessThanOrEqual(10);
    expect(f.around(1.505, 1.505).map((x) => x.seq)).toEqual([15]);
    expect(f.around(1.55, 1.56)).toEqual([]);
  });
});

describe('laneView', () => {
  it('moves a packet along the lane at the link’s pace: head by propagation, tail one serialization later', () => {
    const f = new PacketFlights();
    f.add(rows([[0, 0, 1, LINK_ENQUEUE], [0, 0, 1, LINK_TRANSMIT, 0.011]]));
    const at = (t: number) => laneView(f.flights, t, lane, 0.1).wire[0];
    // the first bit halfway through the serialization: the packet is still all at the sending end
    expect(at(0.0005).x0).toBe(0);
    expect(at(0.0005).x1).toBeCloseTo(5);
    expect(at(0.00001).x1 - at(0.00001).x0).toBeCloseTo(3); // never thinner than MIN_MARK
    expect(at(0.005).x0).toBeCloseTo(40);
    expect(at(0.005).x1).toBeCloseTo(50);
    expect(at(0.0105).x0).toBeCloseTo(95);
    expect(at(0.0105).x1).toBe(100);
    expect(laneView(f.flights, 0.012, lane, 0.1).wire).toEqual([]);
  });

  it('stacks queued packets from the sending end, one cell each, the next to be sent first', () => {
    const f = new PacketFlights();
    f.add(rows([[0, 0, 1, LINK_ENQUEUE], [0, 0, 1, LINK_TRANSMIT, 0.011], [0.0002, 0, 2, LINK_ENQUEUE], [0.0004, 0, 3, LINK_ENQUEUE]]));
    const v = laneView(f.flights, 0.0005, lane, 0.1);
    expect(v.queue.map((q) => [q.flight.seq, q.slot, q.x0, q.x1])).toEqual([
      [2, 0, 0, 10],
      [3, 1, 10, 20],
    ]);
    expect(v.wire).toHaveLength(1);
  });

  it('marks a loss where it happens, for `hold` seconds', () => {
    const f = new PacketFlights();
    f.add(
      rows([
        [0, 0, 1, LINK_ENQUEUE],
        [0.0001, 0, 2, LINK_ENQUEUE],
        [0.0002, 0, 3, LINK_DROP, undefined, 1], // queue full: at the tail (2 waiting)
        [0.0003, 0, 4, LINK_DROP, undefined, 5], // scripted: at the sending end
      ]),
    );
    const v = laneView(f.flights, 0.001, lane, 0.1);
    expect(v.drops.map((d) => [d.flight.seq, d.x, d.atQueue])).toEqual([
      [3, 20, true],
      [4, 0, false],
    ]);
    expect(laneView(f.flights, 0.2, lane, 0.1).drops).toEqual([]);
  });

  it('a packet on the wire when the link goes down is lost where it was', () => {
    const f = new PacketFlights();
    f.add(rows([[0, 0, 1, LINK_ENQUEUE], [0, 0, 1, LINK_TRANSMIT, 0.011], [0.006, 0, 1, LINK_DROP, undefined, 7]]));
    expect(f.flights).toHaveLength(1);
    const [drop] = laneView(f.flights, 0.007, lane, 0.1).drops;
    expect(drop.x).toBeCloseTo(60);
    expect(onWire(f.flights[0], 0.006, lane)[1]).toBeCloseTo(60);
  });
});
