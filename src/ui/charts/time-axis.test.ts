import { describe, expect, it } from 'vitest';
import { clampDomain, createTimeAxisStore, currentDomain, followDomain, FOLLOW_MIN_END, MIN_SPAN, panDomain, zoomDomain } from './time-axis';

describe('time axis arithmetic', () => {
  it('follows the whole run so far, never narrower than FOLLOW_MIN_END', () => {
    expect(followDomain(12)).toEqual([0, 12]);
    expect(followDomain(0)).toEqual([0, FOLLOW_MIN_END]);
    expect(currentDomain({ fixed: null }, 5)).toEqual([0, 5]);
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
