/**
 * The committed ns-3.44 reference data (validation/ns3/reference/), read
 * back: every run's figures, their spread over runs, the instants, and run
 * 1's time series. Written by regenerate.ts (`npm run validate:ns3`).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv, type CsvRow } from '../csv';

export const REFERENCE_DIR = join(dirname(fileURLToPath(import.meta.url)), 'reference');

export interface Spread {
  runs: number;
  mean: number;
  sd: number;
  min: number;
  max: number;
}

export interface Ns3Event {
  run: number;
  time_s: number;
  scope: string;
  event: string;
  value: number | null;
}

const cache = new Map<string, CsvRow[]>();
function rows(file: string): CsvRow[] {
  if (!cache.has(file)) cache.set(file, parseCsv(readFileSync(join(REFERENCE_DIR, file), 'utf8')));
  return cache.get(file)!;
}

/** A figure's mean and spread over the case's runs; throws when ns-3 did not measure it. */
export function ns3Figure(caseId: string, scope: string, metric: string): Spread {
  const r = rows('summary.csv').find((x) => x.case === caseId && x.scope === scope && x.metric === metric);
  if (!r || r.mean === '') throw new Error(`no ns-3 figure ${caseId} ${scope} ${metric} (npm run validate:ns3)`);
  return { runs: Number(r.runs), mean: Number(r.mean), sd: Number(r.sd), min: Number(r.min), max: Number(r.max) };
}

/** A figure in each run, in run order (null where that run did not measure it). */
export function ns3Runs(caseId: string, scope: string, metric: string): (number | null)[] {
  return rows('figures.csv')
    .filter((x) => x.case === caseId && x.scope === scope && x.metric === metric)
    .map((x) => (x.value === '' ? null : Number(x.value)));
}

/** Every figure row of a case (for listings). */
export function ns3Summary(caseId?: string): CsvRow[] {
  return rows('summary.csv').filter((x) => caseId === undefined || x.case === caseId);
}

export function ns3Events(caseId: string): Ns3Event[] {
  return rows('events.csv')
    .filter((x) => x.case === caseId)
    .map((x) => ({
      run: Number(x.run),
      time_s: Number(x.time_s),
      scope: x.scope,
      event: x.event,
      value: x.value === '' ? null : Number(x.value),
    }));
}

/** Run 1's time series of a case: column name → values, one per sample. */
export function ns3Series(caseId: string): Map<string, number[]> | null {
  const path = join(REFERENCE_DIR, 'series', `${caseId}.csv`);
  if (!existsSync(path)) return null;
  const r = parseCsv(readFileSync(path, 'utf8'));
  const out = new Map<string, number[]>();
  if (r.length === 0) return out;
  for (const c of Object.keys(r[0]))
    out.set(
      c,
      r.map((x) => (x[c] === '' ? NaN : Number(x[c]))),
    );
  return out;
}
