import { describe, expect, it } from 'vitest';
import { startupTask } from '../bench/ui/main-thread';

const MAIN = { pid: 1, tid: 2 };
const meta = { name: 'thread_name', ph: 'M', ...MAIN, ts: 0, args: { name: 'CrRendererMain' } };
const mark = (ts: number) => ({ name: 'TimeStamp', ph: 'I', ...MAIN, ts, args: { data: { message: 'bench:start' } } });
const click = (ts: number) => ({
  name: 'EventDispatch',
  ph: 'X',
  ...MAIN,
  ts,
  dur: 100,
  tdur: 100,
  args: { data: { type: 'click' } },
});
const task = (ts: number, durMs: number, cpuMs: number, thread = MAIN) => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts,
  dur: durMs * 1000,
  tdur: cpuMs * 1000,
});
const trace = (events: object[]) => JSON.stringify({ traceEvents: events });

describe('the largest task after Play', () => {
  it('takes the longest main-thread task in the span after the click, with its CPU time', () => {
    const t = trace([
      meta,
      task(500, 90, 80), // before the start mark: the harness's own work
      mark(1_000_000),
      task(1_100_000, 70, 60), // after the mark but before Play
      click(2_000_000),
      task(2_010_000, 12, 11),
      task(2_500_000, 35, 20), // the longest by wall
      task(2_600_000, 30, 28), // the most CPU
      task(3_000_000, 60, 55, { pid: 1, tid: 9 }), // another thread
      task(4_100_000, 80, 80), // after the 2 s span
    ]);
    expect(startupTask(t, 2000)).toEqual({ wallMs: 35, cpuMs: 20, atMs: 500, maxCpuMs: 28 });
  });

  it('counts a task that began just before the click and ran past it', () => {
    const t = trace([meta, mark(0), task(990_000, 40, 30), click(1_000_000), task(1_100_000, 5, 5)]);
    expect(startupTask(t, 2000)?.wallMs).toBe(40);
  });

  it('is null without a click or a renderer thread', () => {
    expect(startupTask(trace([meta, mark(0), task(10, 5, 5)]), 2000)).toBeNull();
    expect(startupTask(trace([click(0), task(10, 5, 5)]), 2000)).toBeNull();
  });
});
