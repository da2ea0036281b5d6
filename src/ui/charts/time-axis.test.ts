import { describe, expect, it } from 'vitest';
import { clampDomain, createTimeAxisStore, currentDomain, describeAxis, followDomain, niceEnd, FOLLOW_MIN_END, MIN_SPAN, panDomain, zoomDomain } from './time-axis';

describe('time axis arithmetic', () => {
  it('follows the whole run so far up to the next round number, never narrower than FOLLOW_MIN_END', () => {
    expect(followDomain(20)).toEqual([0, 20]);
    expect(followDomain(20.1)).toEqual([0, 30]);
    expect(followDomain(0)).toEqual([0, FOLLOW_MIN_END]);
    expect(currentDomain({ fixed: null }, 5)).toEqual([0, 5]);
    // never past the end of the run
    expect(followDomain(7.2, 7.5)).toEqual([0, 7.5]);
    expect(currentDomain({ fixed: null, limit: 10 }, 9.1)).toEqual([0, 10]);
  });

  it('rounds up to 1, 2, 3, 5 × 10^k', () => {
    expect([0.3, 0.31, 1.01, 2.6, 4.2, 7, 8.5, 123, 999].map(niceEnd)).toEqual([0.3, 0.5, 2, 3, 5, 10, 10, 200, 1000]);
    expect(currentDomain({ fixed: [1, 2] }, 5)).toEqual([1, 2]);
  });

  it('zooms around the pointer: the time under it stays at the same place', () => {
    const [a, b] = zoomDomain([0, 10], 2, 8, 10);
    expect(b - a).toBeCloseTo(5);
    // 8 s was at 80 % of the width before, and still is.
    expect((8 - a) / (b - a)).toBeCloseTo(0.8);
    expect(zoomDomain([0, 10], 2, 5, 10)).toEqual([2.5, 7.5]);
  });

  it('zooming out stays inside [0, end] and never goes below MIN_SPAN', () => {
    expect(zoomDomain([0.5, 1.5], 0.25, 1, 10)).toEqual([0, 4]);
    expect(zoomDomain([2, 8], 0.1, 5, 10)).toEqual([0, 10]);
    const tiny = zoomDomain([1, 1.0001], 100, 1, 10);
    expect(tiny[1] - tiny[0]).toBeCloseTo(MIN_SPAN);
  });

  it('pans by whole seconds and stops at both ends', () => {
    expect(panDomain([2, 4], 1, 10)).toEqual([3, 5]);
    expect(panDomain([2, 4], -5, 10)).toEqual([0, 2]);
    expect(panDomain([2, 4], 20, 10)).toEqual([8, 10]);
    expect(clampDomain([-1, 30], 10)).toEqual([0, 10]);
  });
});

describe('time axis store', () => {
  it('zooms from follow to fixed, pans, and resets to follow', () => {
    const s = createTimeAxisStore();
    expect(s.getState().fixed).toBeNull();
    s.getState().zoom(2, 10);
    expect(s.getState().fixed).toEqual([2.5, 7.5]);
    s.getState().pan(1, 10);
    expect(s.getState().fixed).toEqual([3.5, 8.5]);
    s.getState().zoom(2, 10, 3.5);
    expect(s.getState().fixed).toEqual([3.5, 6]);
    s.getState().reset();
    expect(s.getState().fixed).toBeNull();
  });

  it('zooming out to the whole run goes back to follow; panning the whole run does nothing', () => {
    const s = createTimeAxisStore();
    s.getState().pan(1, 10);
    expect(s.getState().fixed).toBeNull();
    s.getState().zoom(2, 10);
    s.getState().zoom(1 / 2, 10);
    expect(s.getState().fixed).toBeNull();
  });

  it('notifies subscribers (the charts) on every change', () => {
    const s = createTimeAxisStore();
    let calls = 0;
    s.subscribe(() => calls++);
    s.getState().zoom(2, 10);
    s.getState().reset();
    s.getState().reset(); // already following: no change
    expect(calls).toBe(2);
  });
});

describe('follow live', () => {
  it('shows the last span seconds, from 0 until the run is that long', () => {
    expect(currentDomain({ fixed: null, span: 2 }, 10)).toEqual([8, 10]);
    expect(currentDomain({ fixed: null, span: 2 }, 0.5)).toEqual([0, 2]);
  });

  it('zooming while the run plays keeps following the newest data', () => {
    const s = createTimeAxisStore();
    s.getState().setLive(true);
    s.getState().zoom(4, 10, 3);
    expect(s.getState().fixed).toBeNull();
    expect(s.getState().span).toBe(2.5);
    expect(currentDomain(s.getState(), 20)).toEqual([17.5, 20]);
    expect(describeAxis(s.getState())).toBe('last 2.5 s, live');
    // Zooming back out past the whole run follows the whole run again.
    s.getState().zoom(1 / 8, 10);
    expect(s.getState().span).toBeNull();
    expect(describeAxis(s.getState())).toBe('whole run');
  });

  it('Zoom in right after the followed axis steps out still zooms in', () => {
    const s = createTimeAxisStore();
    s.getState().setLive(true);
    // 0.31 s of run on a 0–0.5 s axis: a third off the axis would still hold the whole run.
    expect(currentDomain(s.getState(), 0.31)).toEqual([0, 0.5]);
    s.getState().zoom(1.5, 0.31);
    expect(s.getState().span).toBeCloseTo(0.31 / 1.5, 12);
    expect(describeAxis(s.getState())).toMatch(/live$/);
  });

  it('a pan holds the window still; Follow live picks the live edge up again with the same width', () => {
    const s = createTimeAxisStore();
    s.getState().setLive(true);
    s.getState().zoom(5, 10);
    s.getState().pan(-1, 10);
    expect(s.getState().fixed).toEqual([7, 9]);
    expect(describeAxis(s.getState())).toBe('7.000–9.000 s');
    s.getState().followLive(12);
    expect(s.getState().fixed).toBeNull();
    expect(currentDomain(s.getState(), 12)).toEqual([10, 12]);
    s.getState().reset();
    expect(currentDomain(s.getState(), 12)).toEqual([0, 20]);
  });

  it('zooming while paused fixes a window around the pointer', () => {
    const s = createTimeAxisStore();
    s.getState().zoom(2, 10, 5);
    expect(s.getState().fixed).toEqual([2.5, 7.5]);
    expect(s.getState().span).toBeNull();
  });
});

describe('show around an event', () => {
  it('holds a window around the event, mostly before it, inside the run', () => {
    const s = createTimeAxisStore();
    s.getState().showAround(0.6, 10);
    const [a, b] = s.getState().fixed!;
    expect(b - a).toBeCloseTo(1);
    expect(a).toBeCloseTo(0);
    expect(b).toBeCloseTo(1);
    s.getState().showAround(300, 600);
    expect(s.getState().fixed).toEqual([298.8, 300.8]);
  });
});
