import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** requestAnimationFrame and performance.now under the test's control. */
let frames: FrameRequestCallback[] = [];
let now = 0;

beforeEach(() => {
  frames = [];
  now = 0;
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
  vi.stubGlobal('cancelAnimationFrame', () => {});
  vi.spyOn(performance, 'now').mockImplementation(() => now);
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function runFrame(): void {
  const due = frames;
  frames = [];
  for (const cb of due) cb(now);
}

describe('frame scheduler', () => {
  it('draws each chart once per frame however often it is asked', async () => {
    const { requestDraw } = await import('./frame-scheduler');
    let a = 0;
    const draw = () => a++;
    for (let i = 0; i < 5; i++) requestDraw(draw);
    expect(frames).toHaveLength(1);
    runFrame();
    expect(a).toBe(1);
    expect(frames).toHaveLength(0);
  });

  it('carries draws over to the next frame once the frame budget is spent, at least one per frame', async () => {
    const { requestDraw, FRAME_BUDGET_MS } = await import('./frame-scheduler');
    const order: string[] = [];
    const slow = (name: string) => () => {
      order.push(name);
      now += FRAME_BUDGET_MS; // each draw uses a whole budget
    };
    requestDraw(slow('cwnd'));
    requestDraw(slow('queue'));
    requestDraw(slow('throughput'));
    runFrame();
    expect(order).toEqual(['cwnd', 'queue']);
    runFrame();
    expect(order).toEqual(['cwnd', 'queue', 'throughput']);
    expect(frames).toHaveLength(0);
  });

  it('serves background draws only with time to spare, and forgets cancelled ones', async () => {
    const { requestDraw, requestBackgroundDraw, cancelDraw, FRAME_BUDGET_MS } = await import('./frame-scheduler');
    const order: string[] = [];
    requestBackgroundDraw(() => order.push('offscreen'));
    const gone = () => order.push('destroyed');
    requestDraw(() => {
      order.push('visible');
      now += FRAME_BUDGET_MS;
    });
    requestDraw(gone);
    cancelDraw(gone);
    runFrame();
    expect(order).toEqual(['visible']);
    runFrame();
    expect(order).toEqual(['visible', 'offscreen']);
  });
});
