// @vitest-environment jsdom
/**
 * The topology's queue lanes: fill and tooltip follow the latest sample, a
 * drop flashes the lane for FLASH_MS, and a redraw with nothing new writes
 * nothing to the DOM.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LinkSpec } from '../../engine/scenario/types';
import { RingBuffer } from '../charts/ring-buffer';
import { LiveQueues, type QueueTraces } from './live-queues';
import { createQueueLanes, FLASH_MS } from './queue-lanes';

const NS = 'http://www.w3.org/2000/svg';
const link: LinkSpec = {
  id: 'l2',
  a: 'r1',
  b: 'client',
  bandwidth: 1.5e6,
  delay: 0.01,
  queue: { type: 'droptail', limit: 21, limitBytes: null },
};

function topology(): { svg: SVGSVGElement; lane: SVGGElement; fill: SVGRectElement } {
  const svg = document.createElementNS(NS, 'svg') as SVGSVGElement;
  const g = document.createElementNS(NS, 'g') as SVGGElement;
  g.setAttribute('class', 'lane');
  Object.assign(g.dataset, { link: 'l2', end: 'a', len: '100', label: 'r1 → client' });
  const fill = document.createElementNS(NS, 'rect') as SVGRectElement;
  fill.setAttribute('class', 'lane-fill');
  const red = document.createElementNS(NS, 'line');
  red.setAttribute('class', 'lane-red');
  g.append(fill, red);
  svg.append(g);
  document.body.append(svg);
  return { svg, lane: g, fill };
}

function traces() {
  const listeners = new Set<() => void>();
  const q = {
    id: { link: 'l2', from: 'r1', to: 'client' },
    pkts: new RingBuffer(64),
    redAvg: new RingBuffer(64),
    sojourn: new RingBuffer(64),
    capacity: null as RingBuffer | null,
    marks: 0,
    markers: [],
    sum: 0,
    drops: 0,
  };
  const t: QueueTraces & { push(time: number, pkts: number, drops?: number): void } = {
    run: 1,
    queues: [q],
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    push(time, pkts, drops) {
      q.pkts.push(time, pkts);
      q.redAvg.push(time, NaN);
      if (drops !== undefined) q.drops = drops;
      for (const l of listeners) l();
    },
  };
  return t;
}

describe('queue lanes', () => {
  let wall = 0;
  beforeEach(() => {
    vi.useFakeTimers();
    wall = 0;
  });
  afterEach(() => {
    vi.useRealTimers();
    document.body.innerHTML = '';
  });

  it('fills with the latest sample, flashes a drop for FLASH_MS, and rewrites nothing unchanged', () => {
    const { svg, lane, fill } = topology();
    const t = traces();
    const lanes = createQueueLanes(
      svg,
      { live: new LiveQueues(t), runLink: () => link, runFaults: () => [], time: () => 1 },
      () => wall,
    );
    t.push(0.1, 10);
    lanes.update();
    expect(fill.getAttribute('width')).toBe('50'); // 10 of 20 waiting places, lane 100 px
    expect(lane.dataset.pkts).toBe('10');
    expect(lane.querySelector('title')?.textContent).toBe('r1 → client: 10 of 20 packets waiting');
    expect(lane.classList.contains('dropping')).toBe(false);

    t.push(0.2, 12, 3); // the engine counted drops in this direction
    lanes.update();
    expect(lane.classList.contains('dropping')).toBe(true);
    wall += FLASH_MS + 1;
    lanes.update();
    expect(lane.classList.contains('dropping')).toBe(false);

    const writes = vi.spyOn(fill, 'setAttribute');
    lanes.update();
    expect(writes).not.toHaveBeenCalled();
    expect(lane.querySelectorAll('title')).toHaveLength(1);
    lanes.destroy();
  });
});
