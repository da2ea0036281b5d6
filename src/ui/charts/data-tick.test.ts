import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Tick from './data-tick';

let cancelDataTick: typeof Tick.cancelDataTick;
let onDataTick: typeof Tick.onDataTick;
const MIN_REDRAW_MS = 33;

describe('the charts’ data tick', () => {
  beforeEach(async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    vi.advanceTimersByTime(10 * MIN_REDRAW_MS);
    // a fresh clock per test: the module keeps when it last ticked
    vi.resetModules();
    const tick = await import('./data-tick');
    expect(tick.MIN_REDRAW_MS).toBe(MIN_REDRAW_MS);
    ({ cancelDataTick, onDataTick } = tick);
  });
  afterEach(() => {
    vi.runOnlyPendingTimers();
    vi.useRealTimers();
  });

  it('runs every chart’s update together, each once, at most once per MIN_REDRAW_MS', () => {
    const a = vi.fn();
    const b = vi.fn();
    onDataTick(a); // the first after a quiet spell runs at once
    expect(a).toHaveBeenCalledTimes(1);
    onDataTick(a);
    onDataTick(b);
    onDataTick(a);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MIN_REDRAW_MS - 1);
    expect(b).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(a).toHaveBeenCalledTimes(2);
    expect(b).toHaveBeenCalledTimes(1);
  });

  it('forgets a cancelled update', () => {
    const a = vi.fn();
    const b = vi.fn();
    onDataTick(a);
    onDataTick(a);
    onDataTick(b);
    cancelDataTick(a);
    vi.advanceTimersByTime(MIN_REDRAW_MS);
    expect(a).toHaveBeenCalledTimes(1);
    expect(b).toHaveBeenCalledTimes(1);
  });
});
