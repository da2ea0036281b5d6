import { describe, expect, it } from 'vitest';
import { parseScenario } from '../../engine/scenario';
import { smallBase } from '../../experiment/test-fixtures';
import { runSweepTask, type SweepTask } from '../../experiment/worker-protocol';
import { createExperimentStore, presetBase } from './experiment-store';
import { findPresetSweep } from './preset-sweeps';
import type { SweepBase } from './sweep-form';
import { ExperimentPool, type WorkerPort } from './web-pool';
import { runSeriesTask, type WorkerAnswer, type WorkerRequest } from './worker-messages';

/** Workers that really run the tasks, answering after `delay(index)` ms (so that they finish out of order). */
function fakePool(size: number, delay: (index: number) => number = (i) => (i * 7) % 5): () => ExperimentPool {
  const createWorker = (): WorkerPort => {
    const w: WorkerPort & { dead: boolean } = {
      dead: false,
      onmessage: null,
      onerror: null,
      onmessageerror: null,
      postMessage(task: WorkerRequest) {
        setTimeout(() => {
          if (w.dead) return;
          const answer: WorkerAnswer = task.type === 'run' ? runSweepTask(task as SweepTask) : runSeriesTask(task);
          w.onmessage?.({ data: answer } as MessageEvent);
        }, delay(task.index));
      },
      terminate() {
        w.dead = true;
      },
    };
    return w;
  };
  return () => new ExperimentPool({ size, createWorker });
}

function smallSweepBase(): SweepBase {
  const json = smallBase();
  const p = parseScenario(json);
  if (!p.ok) throw new Error('no');
  return { json, scenario: p.scenario };
}

describe('experiment store', () => {
  it('runs the form’s sweep on the pool; running it again gives the same numbers', async () => {
    const logs: string[] = [];
    const store = createExperimentStore({ createPool: fakePool(3), log: (m) => logs.push(m) });
    const base = smallSweepBase();
    store.getState().syncScenario(base.scenario);
    store.getState().updateForm({ repetitions: '3', valuesText: '300, 600' });
    const seen: number[] = [];
    const unsub = store.subscribe((s) => s.job && seen.push(s.job.done));
    await store.getState().runSweep(base);
    unsub();
    const first = store.getState();
    expect(first.job).toBeNull();
    expect(first.notice).toMatchObject({ kind: 'done', job: 'sweep', runs: 12 });
    expect(first.result?.values).toHaveLength(12);
    expect(first.result?.results.tests.length).toBeGreaterThan(0);
    expect(first.chartMetric).toBe('A.throughput_kbps');
    expect(Math.max(...seen)).toBe(12);
    expect(logs[0]).toMatch(/^\[experiment\] sweep ".*": 12 runs, [\d,]+ events, [\d.]+ s wall on 3 worker\(s\)$/);
    const table = first.result!.results.files['table.csv'];
    expect(table?.startsWith('point,variant,U.rate_kbps,A.throughput_kbps_mean,')).toBe(true);

    await store.getState().runSweep(base);
    expect(store.getState().result!.results.files['table.csv']).toBe(table);
    expect(store.getState().result!.results.files['ttest.csv']).toBe(first.result!.results.files['ttest.csv']);
  });

  it('Cancel stops the sweep and keeps nothing of it', async () => {
    const store = createExperimentStore({ createPool: fakePool(2, () => 3), log: () => {} });
    const base = smallSweepBase();
    store.getState().syncScenario(base.scenario);
    store.getState().updateForm({ repetitions: '10' });
    const unsub = store.subscribe((s) => {
      if (s.job && s.job.done >= 2) store.getState().cancel();
    });
    await store.getState().runSweep(base);
    unsub();
    const s = store.getState();
    expect(s.job).toBeNull();
    expect(s.result).toBeNull();
    expect(s.notice).toMatchObject({ kind: 'cancelled', text: 'Sweep cancelled: no results were kept.' });
  });

  it('a form problem stops the run before it starts', async () => {
    const store = createExperimentStore({ createPool: fakePool(1), log: () => {} });
    const base = smallSweepBase();
    store.getState().syncScenario(base.scenario);
    store.getState().updateForm({ valuesText: 'fast' });
    await store.getState().runSweep(base);
    expect(store.getState().formIssues).toEqual([{ field: 'values', message: '"fast" is not a number' }]);
    expect(store.getState().job).toBeNull();
  });

  it('compares variants: one run per variant, same seed, series of the chosen flow', async () => {
    const store = createExperimentStore({ createPool: fakePool(2), log: () => {} });
    const base = smallSweepBase();
    store.getState().syncScenario(base.scenario);
    expect(store.getState().compareForm).toEqual({ variants: ['reno', 'newreno', 'sack'], flow: 'A', allFlows: false, duration: '' });
    await store.getState().runCompare(base.scenario);
    const r = store.getState().compareResult!;
    expect(r.variants).toEqual(['reno', 'newreno', 'sack']);
    expect(r.series.map((x) => x.summary?.variant)).toEqual(['reno', 'newreno', 'sack']);
    expect(r.series.every((x) => x.cwnd.length === r.series[0]!.times.length)).toBe(true);
  });

  it('compares over the run length asked for, and refuses one that is not a time', async () => {
    const store = createExperimentStore({ createPool: fakePool(2), log: () => {} });
    const base = smallSweepBase(); // 3 s
    store.getState().syncScenario(base.scenario);
    store.getState().updateCompareForm({ variants: ['reno', 'sack'], duration: 'soon' });
    await store.getState().runCompare(base.scenario);
    expect(store.getState().compareResult).toBeNull();
    expect(store.getState().notice?.lines?.[0]).toMatch(/^run length: must be a number of seconds above 0/);
    store.getState().updateCompareForm({ duration: '1.5' });
    await store.getState().runCompare(base.scenario);
    const r = store.getState().compareResult!;
    expect(r.duration).toBe(1.5);
    const times = r.series[0]!.times;
    expect(times[times.length - 1]).toBeCloseTo(1.5, 6);
  });

  it('a preset sweep loads into the form and its results sit beside the paper’s', async () => {
    const store = createExperimentStore({ createPool: fakePool(4, () => 0), log: () => {} });
    expect(store.getState().loadPreset('004-2')).toBe(true);
    const preset = findPresetSweep('004-2')!;
    expect(store.getState().form).toEqual(preset.form);
    await store.getState().runSweep(presetBase(preset)!);
    const paper = store.getState().result!.paper!;
    expect(paper.tableId).toBe('004-2');
    expect(paper.rows.map((r) => r.header[0])).toEqual(['None', '1', '2', '5', 'All']);
    expect(paper.rows.every((r) => r.cells.every((c) => c.ours !== null && c.ours > 10 && c.ours < 30))).toBe(true);
    expect(store.getState().chartMetric).toBe('ftp.completion_s');
  });

  it('opens an exported sweep file and gives the same numbers; a broken one leaves the form and results alone', async () => {
    const store = createExperimentStore({ createPool: fakePool(2), log: () => {} });
    const base = smallSweepBase();
    store.getState().syncScenario(base.scenario);
    store.getState().updateForm({ repetitions: '2', valuesText: '300, 600' });
    await store.getState().runSweep(base);
    const first = store.getState().result!;
    const form = store.getState().form;
    const text = `${JSON.stringify(first.file, null, 2)}\n`;

    expect(await store.getState().openSweep(text.replace('"repetitions": 2', '"repetitions": -1'), 'bad.sweep.json')).toBe(false);
    expect(store.getState().notice).toMatchObject({ kind: 'error', text: 'bad.sweep.json cannot run:' });
    expect(store.getState().notice?.lines?.[0]).toMatch(/^repetitions: /);
    expect(store.getState().result).toBe(first);
    expect(store.getState().form).toBe(form);

    expect(await store.getState().openSweep(text, 'good.sweep.json')).toBe(true);
    const again = store.getState().result!;
    expect(again.seq).toBe(first.seq + 1);
    expect(again.values).toEqual(first.values);
    expect(again.file).toEqual(first.file);
    expect(store.getState().form).toBe(form);
  });
});
