import { describe, expect, it } from 'vitest';
import type { FaultSpec } from '../engine/scenario/types';
import { event, harness } from './engine-host-harness';
import { flowColumn, type SampleBatch } from './protocol';

describe('EngineHost', () => {
  it('announces the run and its first sample on load', () => {
    const h = harness();
    expect(h.messages[0].msg).toMatchObject({
      type: 'loaded',
      meta: { run: 1, duration: 10, flowIds: ['A'], seriesColumns: ['cwnd', 'ssthresh'] },
    });
    expect(h.batches()[0].times).toEqual(Float64Array.from([0]));
    expect(h.lastStatus()).toMatchObject({ status: 'ready', time: 0 });
  });

  it.each([0.5, 1, 2, 10])('advances %s simulated seconds per wall second', (speed) => {
    const h = harness({ duration: 100 });
    h.host.handle({ type: 'speed', speed });
    h.host.handle({ type: 'play' });
    h.time.advance(2000);
    expect(h.host.currentTime).toBeGreaterThan(speed * 2 * 0.95);
    expect(h.host.currentTime).toBeLessThanOrEqual(speed * 2 + 1e-9);
  });

  it('ticks about 30 times per second and posts at most one batch per tick', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    const before = h.batches().length;
    h.time.advance(1000);
    const ticks = h.time.tickDurations.length;
    expect(ticks).toBeGreaterThanOrEqual(28);
    expect(ticks).toBeLessThanOrEqual(31);
    expect(h.batches().length - before).toBeLessThanOrEqual(ticks);
  });

  it('runs flat out at max speed, in budget-sized ticks, posting batches at the tick rate', () => {
    const h = harness({ msPerSimSecond: 1000, duration: 100 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    const before = h.batches().length;
    h.time.advance(1000);
    // Nearly all wall time goes to the engine (1 simulated second costs 1 s here)...
    expect(h.host.currentTime).toBeGreaterThan(0.9);
    expect(Math.max(...h.time.tickDurations)).toBeLessThanOrEqual(8 * 1.5);
    // ...in many short ticks, but the page gets ~30 batches per second, not one per tick.
    expect(h.time.tickDurations.length).toBeGreaterThan(100);
    const batches = h.batches().length - before;
    expect(batches).toBeGreaterThanOrEqual(25);
    expect(batches).toBeLessThanOrEqual(31);
  });

  it('delivers every sample exactly once, in order, as transferable buffers', () => {
    const h = harness({ duration: 3 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(10_000);
    const batches = h.batches();
    let expected = 0;
    for (const b of batches) {
      expect(b.firstSample).toBe(expected);
      expected += b.times.length;
      expect(b.series.length).toBe(b.times.length * (b.flowCount * b.flowColumns + b.queueCount * b.queueColumns));
      expect(flowColumn(b, 0, 0)?.length).toBe(b.times.length);
    }
    expect(expected).toBe(h.engines[0].sampleCount());
    const withData = h.messages.find((m) => m.msg.type === 'batch' && m.msg.batch.times.length > 5)!;
    const batch = (withData.msg as { batch: SampleBatch }).batch;
    expect(withData.transfer).toContain(batch.times.buffer);
    // Every flow's and queue's columns went over in one buffer of their own.
    expect(withData.transfer).toContain(batch.series.buffer);
    expect(batch.series.buffer.byteLength).toBe(batch.series.byteLength);
    expect(batch.flowCount).toBeGreaterThan(0);
  });

  it('packs later batches into the series buffers the page hands back, the smallest that holds them', () => {
    const h = harness({ duration: 100 });
    h.host.handle({ type: 'speed', speed: 1 });
    h.host.handle({ type: 'play' });
    h.time.advance(1000);
    const sent = h.batches();
    const values = sent.at(-1)!.series.length;
    expect(values).toBeGreaterThan(0);
    const small = new ArrayBuffer(8 * (values - 1));
    const roomy = new ArrayBuffer(8 * (values + 100));
    const huge = new ArrayBuffer(8 * (values + 10_000));
    h.host.handle({ type: 'recycle', buffers: [huge, small, roomy] });
    // A used buffer holds old values: the batch packed into it must overwrite them all.
    new Float64Array(roomy).fill(-7);
    new Float64Array(huge).fill(-7);
    const before = h.batches().length;
    h.time.advance(1000);
    const next = h.batches().slice(before);
    expect(next.length).toBeGreaterThan(2);
    const fill = (b: SampleBatch) => b.series.length;
    const firstFit = next.find((b) => fill(b) * 8 <= roomy.byteLength)!;
    expect(firstFit.series.buffer).toBe(roomy);
    expect(firstFit.series.byteOffset).toBe(0);
    expect(Array.from(firstFit.series).some((v) => v === -7)).toBe(false);
    expect(flowColumn(firstFit, 0, 0)?.length).toBe(firstFit.times.length);
    // the others got the huge one, then new buffers; the too small one never
    const buffers = next.map((b) => b.series.buffer);
    expect(buffers).not.toContain(small);
    expect(buffers.filter((b) => b === huge).length).toBeLessThanOrEqual(1);
    // and the samples still arrive once each, in order
    let expected = sent.at(-1)!.firstSample + sent.at(-1)!.times.length;
    for (const b of next) {
      expect(b.firstSample).toBe(expected);
      expected += b.times.length;
    }
  });

  it('never blocks a tick much longer than the budget, even at max speed on a slow engine', () => {
    // 500 ms of wall time per simulated second: the engine is the bottleneck.
    const h = harness({ msPerSimSecond: 500, duration: 5 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(3000);
    expect(h.host.currentTime).toBeGreaterThan(1);
    expect(Math.max(...h.time.tickDurations)).toBeLessThanOrEqual(8 * 1.5);
  });

  it('stops advancing when paused, and resumes without a jump', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'pause' });
    const t = h.host.currentTime;
    const posted = h.messages.length;
    expect(h.lastStatus().status).toBe('paused');
    h.time.advance(5000);
    expect(h.host.currentTime).toBe(t);
    expect(h.messages.length).toBe(posted);
    expect(h.time.pending).toBe(0);
    h.host.handle({ type: 'play' });
    h.time.advance(100);
    expect(h.host.currentTime).toBeLessThan(t + 0.2);
  });

  it('steps to the next protocol event, posts its caption and pauses there', () => {
    const fr = event(1.5, 'fast_retransmit', '3 duplicate ACKs for segment 99: fast retransmit');
    const h = harness({ events: [event(1.2, 'drop', 'segment 99 dropped'), fr] });
    h.host.handle({ type: 'step' });
    h.time.advance(50);
    let stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped).toHaveLength(1);
    expect(stepped[0]).toMatchObject({ event: { event: 'drop', detail: 'segment 99 dropped' } });
    expect(h.host.currentTime).toBeCloseTo(1.2);
    expect(h.lastStatus().status).toBe('paused');
    // The samples up to the event arrived before the caption.
    expect(h.batches().at(-1)!.times.at(-1)).toBeCloseTo(1.2);

    h.host.handle({ type: 'step' });
    h.time.advance(50);
    stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped[1]).toMatchObject({ event: { detail: fr.detail } });
    expect(h.time.pending).toBe(0);
  });

  it('ends the run when no protocol event is left to step to', () => {
    const h = harness({ duration: 2 });
    h.host.handle({ type: 'step' });
    h.time.advance(1000);
    const stepped = h.messages.map((m) => m.msg).filter((m) => m.type === 'stepped');
    expect(stepped).toEqual([{ type: 'stepped', run: 1, event: null, time: 2 }]);
    expect(h.lastStatus().status).toBe('done');
  });

  it('forwards an injected fault to the engine', () => {
    const h = harness();
    const fault: FaultSpec = { kind: 'dropBurst', link: 'l1', from: 'r1', at: 0, count: 3 };
    h.host.handle({ type: 'fault', fault });
    expect(h.engines[0].faults).toEqual([fault]);
  });

  it('resets to the scenario as loaded, without the faults injected since', () => {
    const h = harness();
    h.host.handle({ type: 'fault', fault: { kind: 'linkDown', link: 'l1', at: 0, duration: 1 } });
    h.host.handle({ type: 'reset' });
    expect(h.engines[1].scenario.faults).toEqual([]);
  });

  it('resets to a new run from t = 0', () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'reset' });
    expect(h.engines).toHaveLength(2);
    expect(h.host.currentTime).toBe(0);
    expect(h.lastStatus()).toMatchObject({ run: 2, status: 'ready' });
    expect(h.batches().at(-1)).toMatchObject({ run: 2, firstSample: 0 });
    h.time.advance(1000);
    expect(h.host.currentTime).toBe(0);
  });

  it('finishes at the scenario duration and stops ticking', () => {
    const h = harness({ duration: 1 });
    h.host.handle({ type: 'speed', speed: 'max' });
    h.host.handle({ type: 'play' });
    h.time.advance(2000);
    expect(h.lastStatus()).toMatchObject({ status: 'done', time: 1 });
    expect(h.time.pending).toBe(0);
    h.host.handle({ type: 'play' });
    expect(h.lastStatus().status).toBe('done');
  });

  it('reports an engine failure and stops', () => {
    const h = harness();
    h.engines[0].throwAt = 0.3;
    h.host.handle({ type: 'play' });
    h.time.advance(1000);
    const errors = h.messages.map((m) => m.msg).filter((m) => m.type === 'error');
    expect(errors).toEqual([{ type: 'error', message: 'engine exploded' }]);
    expect(h.lastStatus().status).toBe('error');
    expect(h.time.pending).toBe(0);
  });

  it('answers exportCsv with the files under the same request id', () => {
    const h = harness();
    h.host.handle({ type: 'exportCsv', requestId: 7 });
    expect(h.messages.at(-1)!.msg).toEqual({
      type: 'csv',
      requestId: 7,
      files: { 'summary.csv': 'flow,kind\n' },
    });
  });

  it("answers nextSegments with each TCP flow's next segment where the engine stands, under the same request id", () => {
    const h = harness();
    h.host.handle({ type: 'play' });
    h.time.advance(500);
    h.host.handle({ type: 'pause' });
    expect(h.lastStatus().status).toBe('paused');
    const at = h.engines[0].time;
    expect(at).toBeGreaterThan(0);
    h.host.handle({ type: 'nextSegments', requestId: 9 });
    expect(h.messages.at(-1)!.msg).toEqual({
      type: 'nextSegments',
      requestId: 9,
      time: at,
      seqs: { A: Math.floor(at * 100) },
    });
  });

  it('answers a request made before any scenario with an error carrying its id, and keeps going', () => {
    const h = harness({ load: false });
    h.host.handle({ type: 'nextSegments', requestId: 4 });
    expect(h.messages.at(-1)!.msg).toEqual({ type: 'error', message: 'no scenario is loaded', requestId: 4 });
  });

  it('clamps speeds into range', () => {
    const h = harness();
    h.host.handle({ type: 'speed', speed: 0.0001 });
    expect(h.lastStatus().speed).toBe(0.01);
    h.host.handle({ type: 'speed', speed: Number.NaN });
    expect(h.lastStatus().speed).toBe(1);
    h.host.handle({ type: 'speed', speed: 'max' });
    expect(h.lastStatus().speed).toBe('max');
  });
});
