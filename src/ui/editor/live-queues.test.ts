import { describe, expect, it } from 'vitest';
import type { FaultSpec, LinkSpec } from '../../engine/scenario/types';
import { RingBuffer } from '../charts/ring-buffer';
import { capacityText } from './queue-lanes';
import { initialCapacity, LiveQueues, linkDownAt, randomLossAt, type QueueTraces } from './live-queues';

function traces(): QueueTraces & { push(q: number, t: number, pkts: number, red: number, drops?: number): void } {
  const listeners = new Set<() => void>();
  const queues = [
    {
      id: { link: 'l2', from: 'r1', to: 'client' },
      pkts: new RingBuffer(8),
      redAvg: new RingBuffer(8),
      sojourn: new RingBuffer(8),
      capacity: null as RingBuffer | null,
      marks: 0,
      markers: [],
      sum: 0,
      drops: 0,
    },
    {
      id: { link: 'l2', from: 'client', to: 'r1' },
      pkts: new RingBuffer(8),
      redAvg: new RingBuffer(8),
      sojourn: new RingBuffer(8),
      capacity: null as RingBuffer | null,
      marks: 0,
      markers: [],
      sum: 0,
      drops: 0,
    },
  ];
  return {
    run: 1,
    queues,
    subscribe: (l: () => void) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    push(q, t, pkts, red, drops) {
      queues[q].pkts.push(t, pkts);
      queues[q].redAvg.push(t, red);
      if (drops !== undefined) queues[q].drops = drops;
      for (const l of listeners) l();
    },
  };
}

const droptail: LinkSpec = {
  id: 'l2',
  a: 'r1',
  b: 'client',
  bandwidth: 1.5e6,
  delay: 0.01,
  queue: { type: 'droptail', limit: 20, limitBytes: null },
};
const red: LinkSpec = {
  ...droptail,
  queue: {
    type: 'red',
    limit: 20,
    minThresh: 5,
    maxThresh: 15,
    maxP: 0.1,
    weight: 0.002,
    gentle: true,
    meanPacketSize: 500,
    ecn: false,
    limitBytes: null,
  },
};

describe('live queues', () => {
  it('reads the latest sample of each direction, however many samples the buffer merged', () => {
    const t = traces();
    const live = new LiveQueues(t);
    expect(live.latest('l2', 'r1')).toBeNull();
    let calls = 0;
    const off = live.subscribe(() => calls++);
    for (let i = 0; i < 50; i++) t.push(0, i * 0.01, i % 21, NaN);
    expect(calls).toBe(50);
    off();
    expect(live.latest('l2', 'r1')).toEqual({ pkts: 49 % 21, redAvg: NaN, time: 0.49 });
    expect(live.latest('l2', 'client')).toBeNull();
    expect(live.latest('l9', 'r1')).toBeNull();
  });

  it('measures a sample against the link: fill, RED average, dropping', () => {
    const t = traces();
    const live = new LiveQueues(t);
    // DropTail of limit 20 holds 19 waiting (ns-2: the limit counts the packet on the wire); RED holds 20.
    t.push(0, 0.1, 9.5, NaN);
    expect(live.view(droptail, 'r1')).toMatchObject({ fill: 0.5, dropping: false });
    expect(Number.isNaN(live.view(droptail, 'r1')!.redFill)).toBe(true);
    t.push(0, 0.2, 19, NaN);
    expect(live.view(droptail, 'r1')).toMatchObject({ fill: 1, dropping: true });
    t.push(1, 0.2, 8, 16);
    expect(live.view(red, 'client')).toMatchObject({ fill: 0.4, redFill: 0.8, dropping: true });
    t.push(1, 0.3, 8, 6);
    expect(live.view(red, 'client')).toMatchObject({ dropping: false });
  });

  it('catches an overflow that lasted one sample, once', () => {
    const t = traces();
    const live = new LiveQueues(t);
    t.push(0, 0.1, 5, NaN);
    expect(live.view(droptail, 'r1')?.dropping).toBe(false);
    t.push(0, 0.11, 20, NaN);
    t.push(0, 0.12, 3, NaN);
    expect(live.view(droptail, 'r1')).toMatchObject({ pkts: 3, dropping: true });
    expect(live.view(droptail, 'r1')?.dropping).toBe(false);
  });

  it('knows from the run’s faults when a link is down and how lossy a direction is', () => {
    const faults: FaultSpec[] = [
      { kind: 'linkDown', link: 'l2', at: 1, duration: 0.5 },
      { kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.1, at: 2, until: 3 },
      { kind: 'randomLoss', link: 'l2', from: null, rate: 0.1, at: 0, until: null },
    ];
    expect(linkDownAt(faults, 'l2', 0.99)).toBe(false);
    expect(linkDownAt(faults, 'l2', 1)).toBe(true);
    expect(linkDownAt(faults, 'l2', 1.5)).toBe(false);
    expect(linkDownAt(faults, 'l1', 1.2)).toBe(false);
    expect(randomLossAt(faults, 'l2', 'client', 2.5)).toBeCloseTo(0.1);
    expect(randomLossAt(faults, 'l2', 'r1', 2.5)).toBeCloseTo(0.19);
    expect(randomLossAt(faults, 'l2', 'r1', 3)).toBeCloseTo(0.1);
  });

  it('flashes a direction when the engine counted a drop there, even with the queue not full in any sample', () => {
    const t = traces();
    const live = new LiveQueues(t);
    t.push(0, 0.01, 3, NaN, 0);
    expect(live.view(droptail, 'r1')?.dropping).toBe(false);
    // A random-loss or burst drop: the queue stays short, the counter moves.
    t.push(0, 0.02, 3, NaN, 2);
    expect(live.view(droptail, 'r1')?.dropping).toBe(true);
    // No new drop since the previous look: no flash.
    t.push(0, 0.03, 3, NaN, 2);
    expect(live.view(droptail, 'r1')?.dropping).toBe(false);
  });
});

describe('a changing capacity on the topology', () => {
  const scheduled: LinkSpec = { ...droptail, bandwidth: 10e6, schedule: [{ at: 5, bandwidth: 1e6, from: 'r1' }] };
  const traced: LinkSpec = { ...droptail, trace: [{ from: null, sample: null, ms: [0, 0, 250, 500, 750, 1000], mtu: 1500 }] };

  it('shows the rate in force: the newest sample of a schedule, the trace’s recent mean; NaN where it never changes', () => {
    const t = traces();
    const live = new LiveQueues(t);
    // Before any sample: the link's own rate at t = 0, or the trace's first second.
    expect(live.capacity(scheduled, 'r1')).toBe(10e6);
    expect(live.capacity(scheduled, 'client')).toBeNaN();
    expect(initialCapacity(traced, 'client')).toBe((5 * 1500 * 8) / 1);
    const q = t.queues[0];
    q.capacity = new RingBuffer(8);
    q.capacity.pushAll([4.9, 5, 5.1], [10000, 1000, 1000]);
    expect(live.capacity(scheduled, 'r1')).toBe(1e6);
    q.capacity = new RingBuffer(8);
    q.capacity.pushAll([0, 0.7, 0.8, 0.9, 1], [NaN, 1000, 3000, 2000, 2000]);
    // The mean of the samples of the last half second.
    expect(live.capacity(traced, 'r1')).toBe(2e6);
  });

  it('writes one rate when both directions agree, both when they differ', () => {
    expect(capacityText(2e6, 2e6)).toBe('2 Mbps');
    expect(capacityText(2e6, 500e3)).toBe('2 Mbps / 500 kbps');
    expect(capacityText(NaN, 3e6)).toBe('3 Mbps');
    expect(capacityText(NaN, NaN)).toBe('');
  });
});
