/**
 * From a loaded sweep to the list of runs: every point × every repetition,
 * each with its id and seed, and the scenario each run simulates. Pure.
 *
 * Seeds: repetition r of every point uses (seed + r) mod 2³², where `seed` is
 * the sweep's `seed` or else the base scenario's. All points share the seeds
 * of a repetition (common random numbers): variant A and variant B meet the
 * same seeds, which makes their comparison fairer, and repetition 0 of a point
 * is exactly the point's scenario as loaded.
 */
import type { Scenario } from '../engine/scenario/types';
import type { Sweep, SweepRun } from './types';

export function seedOf(sweep: Pick<Sweep, 'seed'>, repetition: number): number {
  return (sweep.seed + repetition) % 0x1_0000_0000;
}

function pad(n: number, count: number): string {
  return String(n).padStart(String(Math.max(0, count - 1)).length, '0');
}

/** `p03-r07`: zero-padded to the widest index, so that ids sort as the runs are ordered. */
export function runId(point: number, repetition: number, points: number, repetitions: number): string {
  return `p${pad(point, points)}-r${pad(repetition, repetitions)}`;
}

/** Every run of the sweep, point-major: p0-r0, p0-r1, …, p1-r0, … */
export function planRuns(sweep: Pick<Sweep, 'points' | 'repetitions' | 'seed'>): SweepRun[] {
  const runs: SweepRun[] = [];
  const np = sweep.points.length;
  for (const point of sweep.points) {
    for (let r = 0; r < sweep.repetitions; r++) {
      runs.push({
        id: runId(point.index, r, np, sweep.repetitions),
        index: runs.length,
        point: point.index,
        repetition: r,
        seed: seedOf(sweep, r),
      });
    }
  }
  return runs;
}

/** The scenario a run simulates: its point's, with the run's seed. */
export function runScenarioOf(sweep: Pick<Sweep, 'points'>, run: SweepRun): Scenario {
  const point = sweep.points[run.point];
  if (!point) throw new Error(`run ${run.id}: no point ${run.point}`);
  return { ...point.scenario, seed: run.seed };
}
