import { describe, expect, it } from 'vitest';
import type { QueueTrace } from '../session/traces';
import { chosenQueue } from './queue-chart';
import { RingBuffer } from './ring-buffer';
import { capacityQueue } from './throughput-chart';

const ids = [
  { link: 'l1', from: 'a', to: 'b' },
  { link: 'l1', from: 'b', to: 'a' },
  { link: 'l2', from: 'b', to: 'c' },
  { link: 'l2', from: 'c', to: 'b' },
];

describe('chosenQueue', () => {
  it('shows the direction selected in the editor: the link, leaving `from`', () => {
    expect(chosenQueue(ids, { link: 'l2', from: 'c' }, 0)).toEqual({ index: 3, selected: true });
    expect(chosenQueue(ids, { link: 'l1', from: 'a' }, 2)).toEqual({ index: 0, selected: true });
  });

  it('falls back to the busiest direction without a selection or for an unknown link', () => {
    expect(chosenQueue(ids, null, 2)).toEqual({ index: 2, selected: false });
    expect(chosenQueue(ids, { link: 'gone', from: 'a' }, 1)).toEqual({ index: 1, selected: false });
  });
});

describe('capacityQueue', () => {
  const q = (from: string, sum: number, changes: boolean) =>
    ({ id: { link: 'l', from, to: 'x' }, sum, capacity: changes ? new RingBuffer(4) : null }) as unknown as QueueTrace;

  it('draws the capacity of the direction the queue chart shows, else the busiest that changes, else none', () => {
    const queues = [q('a', 5, false), q('b', 1, true), q('c', 3, true)];
    expect(capacityQueue(queues, 1)?.id.from).toBe('b');
    expect(capacityQueue(queues, 0)?.id.from).toBe('c');
    expect(capacityQueue([q('a', 5, false)], 0)).toBeNull();
  });
});
