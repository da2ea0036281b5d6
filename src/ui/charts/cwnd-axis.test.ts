import { describe, expect, it } from 'vitest';
import type { FlowTrace } from '../session/traces';
import { cwndAxisTop, FLOOR, mergedMarkers, referenceLines, REACH, withinReach } from './cwnd-chart';
import { RingBuffer } from './ring-buffer';

function flow(points: [number, number, number][]): FlowTrace {
  const cwnd = new RingBuffer(64);
  const ssthresh = new RingBuffer(64);
  for (const [t, c, s] of points) {
    cwnd.push(t, c);
    ssthresh.push(t, s);
  }
  return { cwnd, ssthresh, recoveryWindow: null } as unknown as FlowTrace;
}

const none = { rwnd: null, bdp: null };

describe('cwndAxisTop', () => {
  it('keeps ssthresh in view during slow start (the default scenario: cwnd 2 → 8, ssthresh 32)', () => {
    const f = flow([
      [0, 2, 32],
      [0.1, 4, 32],
      [0.2, 8, 32],
    ]);
    expect(cwndAxisTop([f], none)).toBeGreaterThanOrEqual(32);
    expect(cwndAxisTop([f], { rwnd: 32, bdp: null })).toBeCloseTo(32 * 1.08);
  });

  it('includes the receiver window and the BDP within reach', () => {
    const f = flow([[0, 10, 10]]);
    expect(cwndAxisTop([f], { rwnd: 20, bdp: null })).toBeCloseTo(20 * 1.08);
    expect(cwndAxisTop([f], { rwnd: 20, bdp: 45 })).toBeCloseTo(45 * 1.08);
  });

  it('leaves out a value far above the window, so the sawtooth is not flattened', () => {
    const f = flow([
      [0, 20, 1000],
      [1, 30, 1000],
    ]);
    expect(withinReach(1000, 30)).toBe(false);
    expect(cwndAxisTop([f], { rwnd: 1000, bdp: null })).toBeCloseTo(30 * 1.08);
    // but a window within REACH × cwnd, or below FLOOR, is shown
    expect(withinReach(REACH * 30, 30)).toBe(true);
    expect(withinReach(FLOOR, 2)).toBe(true);
    expect(withinReach(Infinity, 2)).toBe(false);
  });

  it('names the references, and only those given', () => {
    expect(referenceLines({ rwnd: 32, bdp: 5.23 }).map((r) => r.label)).toEqual(['receiver window 32', 'BDP 5.2']);
    expect(referenceLines(none)).toEqual([]);
  });
});

describe('mergedMarkers', () => {
  const m = (time: number, event = 'drop') => ({ time, y: 1, event, detail: event });
  it('merges in time order, follows appends, and rebuilds when a list is replaced', () => {
    let a = [m(1), m(3)];
    const b = [m(2, 'timeout')];
    const merged = mergedMarkers(() => [a, b], (k) => ['a', 'b'][k]);
    expect(merged().map((x) => x.time)).toEqual([1, 2, 3]);
    expect(merged()[1].detail).toBe('b: timeout');
    a.push(m(4));
    b.push(m(5, 'timeout'));
    expect(merged().map((x) => x.time)).toEqual([1, 2, 3, 4, 5]);
    a = [m(3), m(4)]; // thinned: a new array
    expect(merged().map((x) => x.time)).toEqual([2, 3, 4, 5]);
  });

  it('leaves out what `keep` refuses', () => {
    const a = [m(1), m(2, 'timeout')];
    expect(mergedMarkers(() => [a], undefined, (x) => x.event !== 'drop')().map((x) => x.event)).toEqual(['timeout']);
  });
});
