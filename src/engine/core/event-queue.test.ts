import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';
import { rngStream } from './rng';

function drain(q: EventQueue): [number, number][] {
  const out: [number, number][] = [];
  while (q.pop()) out.push([q.poppedTime, q.poppedTarget]);
  return out;
}

describe('EventQueue', () => {
  it('pops in time order, same-time events in the order they were scheduled', () => {
    const q = new EventQueue(2);
    q.schedule(30, 1, 0);
    q.schedule(10, 1, 1);
    q.schedule(20, 1, 2);
    q.schedule(10, 1, 3);
    q.schedule(10, 1, 4);
    expect(drain(q)).toEqual([
      [10, 1],
      [10, 3],
      [10, 4],
      [20, 2],
      [30, 0],
    ]);
  });

  it('matches a sort by (time, insertion) on many random events, growing past its capacity', () => {
    const rng = rngStream(42, 'heap');
    const q = new EventQueue(4);
    const expected: [number, number][] = [];
    for (let i = 0; i < 5000; i++) {
      const t = Math.floor(rng.next() * 100);
      q.schedule(t, 0, i);
      expected.push([t, i]);
      // interleave pops with pushes, as a simulation does
      if (i % 7 === 0) {
        expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        q.pop();
        expect([q.poppedTime, q.poppedTarget]).toEqual(expected.shift());
      }
    }
    expected.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    expect(drain(q)).toEqual(expected);
  });
});
