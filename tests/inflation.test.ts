/**
 * timeseries.csv's `inflation` column: the window Reno-style fast recovery
 * adds per duplicate ACK (RFC 5681 §3.2; ns-2 dupwnd_), kept apart from cwnd.
 * Present when some flow's recovery inflates; 0 outside fast recovery; empty
 * for flows whose recovery does not inflate.
 */
import { describe, expect, it } from 'vitest';
import { runDataToCsv } from '../src/engine/output/csv';
import { runScenario } from '../src/engine/run';
import { dumbbell, singleFlow } from './support/scenarios';

describe('the inflation column', () => {
  it('Reno: 0 outside fast recovery, at least the dup-ACK threshold inside it, growing with the duplicate ACKs', () => {
    const data = runScenario(singleFlow({ variant: 'reno', drops: [40], window: 30 }));
    const cols = data.flowSeries[0]!.columns;
    const inflation = cols.inflation!;
    expect(inflation).toBeDefined();
    const enter = data.events.find((e) => e.event === 'recovery_enter')!;
    const exit = data.events.find((e) => e.event === 'recovery_exit')!;
    const times = data.times;
    let inside = 0;
    let peak = 0;
    for (let i = 0; i < times.length; i++) {
      const t = times[i]!;
      if (t < enter.time_s || t >= exit.time_s) expect(inflation[i], `at ${t}`).toBe(0);
      else {
        inside++;
        expect(inflation[i]).toBeGreaterThanOrEqual(3);
        peak = Math.max(peak, inflation[i]!);
      }
    }
    expect(inside).toBeGreaterThan(0);
    expect(peak).toBeGreaterThan(3); // more duplicate ACKs came after the third
  });

  it('is left out when no flow inflates, and empty for the flows that do not', () => {
    expect(runScenario(singleFlow({ variant: 'sack', drops: [40] })).flowSeries[0]!.columns.inflation).toBeUndefined();
    const csv = runDataToCsv(runScenario(dumbbell({ variants: ['newreno', 'sack'], duration: 3 })))['timeseries.csv'];
    const [header, ...rows] = csv.trimEnd().split('\n');
    const cols = header!.split(',');
    const at = cols.indexOf('inflation');
    expect(at).toBe(cols.length - 1);
    const flowAt = cols.indexOf('flow');
    const byFlow = new Map<string, string[]>();
    for (const r of rows) {
      const f = r.split(',');
      byFlow.set(f[flowAt]!, [...(byFlow.get(f[flowAt]!) ?? []), f[at]!]);
    }
    const [newreno, sack] = [...byFlow.values()];
    expect(newreno!.every((v) => v !== '')).toBe(true);
    expect(sack!.every((v) => v === '')).toBe(true);
  });
});
