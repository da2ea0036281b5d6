import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { findPreset } from '../../presets/catalog';
import { VARIANT_LABELS } from '../../presets/lessons';
import { compareWithPaper, tablesForPreset, type ComparisonRow, type PaperTable as Table } from '../../presets/paper-tables';
import type { Variant } from '../../engine/scenario/types';
import { useLab } from '../lab-context';
import { selectRun, selectScenarioInput, selectScenarioKey, selectStatus } from '../../store/selectors';
import { useSession } from '../session/context';
import { matchesPresetUpToVariants, parseSummaryCsv, runBook, tableJobs, type TableJob } from './paper-runs';
import './paper-table.css';
import { paperRunsWorker } from '../../workers';

const selectRunStale = (s: { runStale: boolean }) => s.runStale;
const selectLiveFaultCount = (s: { liveFaults: unknown[] }) => s.liveFaults.length;

/**
 * "Paper vs ours" for a preset that has rows in one of the seed papers'
 * tables: the paper's numbers beside ours. Ours come from the Lab's run of
 * the preset once it has finished (with whatever variant its flow uses), and
 * from runs made in the background on request for the other rows and
 * variants; every empty cell says what would fill it.
 */
export function PaperTable() {
  const key = useLab(selectScenarioKey);
  const preset = key ? findPreset(key) : undefined;
  const tables = useMemo(() => (preset ? tablesForPreset(preset.id) : []), [preset]);
  useRecordFinishedRun(preset?.id ?? null);
  if (!preset || tables.length === 0) return null;
  return (
    <>
      {tables.map((t) => (
        <TablePanel key={t.id} table={t} presetId={preset.id} />
      ))}
    </>
  );
}

/** When the Lab's run of a table preset finishes (and is the preset, variants aside), keep its summary. */
function useRecordFinishedRun(presetId: string | null): void {
  const session = useSession();
  const status = useLab(selectStatus);
  const run = useLab(selectRun);
  const input = useLab(selectScenarioInput);
  const stale = useLab(selectRunStale);
  const live = useLab(selectLiveFaultCount);
  useEffect(() => {
    if (!presetId || status !== 'done' || stale || live > 0) return;
    const preset = findPreset(presetId);
    if (!preset || !preset.table || !matchesPresetUpToVariants(input, preset.scenario)) return;
    let cancelled = false;
    session.exportCsv().then(
      (files) => {
        const text = files['summary.csv'];
        if (!cancelled && text) runBook.add(presetId, parseSummaryCsv(text));
      },
      () => {
        // No summary (the run was replaced meanwhile): nothing to record.
      },
    );
    return () => {
      cancelled = true;
    };
  }, [presetId, status, run?.run, stale, live, input, session]);
}

function useRunBook(): number {
  return useSyncExternalStore(
    (l) => runBook.subscribe(l),
    () => runBook.revision,
  );
}

type Progress = { done: number; total: number; failed: string[] } | null;

/** Run the missing jobs in a worker of their own; the cells fill in as each one finishes. */
function runInBackground(jobs: TableJob[], onProgress: (p: Progress) => void): () => void {
  const worker = paperRunsWorker();
  let done = 0;
  const failed: string[] = [];
  onProgress({ done, total: jobs.length, failed });
  worker.onmessage = (e: MessageEvent<{ type: 'run'; presetId: string; summary: never[] } | { type: 'failed'; key: string; message: string } | { type: 'done' }>) => {
    const m = e.data;
    if (m.type === 'run') {
      runBook.add(m.presetId, m.summary);
      done++;
    } else if (m.type === 'failed') {
      failed.push(`${m.key}: ${m.message}`);
      done++;
    }
    if (m.type === 'done') {
      worker.terminate();
      onProgress(failed.length ? { done, total: jobs.length, failed: [...failed] } : null);
    } else onProgress({ done, total: jobs.length, failed: [...failed] });
  };
  worker.onerror = (e) => {
    worker.terminate();
    onProgress({ done, total: jobs.length, failed: [...failed, e.message || 'the background runs failed'] });
  };
  worker.postMessage({ jobs });
  return () => worker.terminate();
}

/** Decimal places of a number as printed (2.47 → 2, 1096 → 0). */
function decimalsOf(v: number | null): number {
  if (v === null) return 0;
  const s = String(v);
  const i = s.indexOf('.');
  return i < 0 ? 0 : Math.min(3, s.length - i - 1);
}

/** Ours to as many places as the paper printed; a count stays whole; a small average gets a place or two more. */
function oursPlaces(paper: number | null, ours: number | null): number {
  if (ours !== null && Number.isInteger(ours)) return 0;
  const small = paper === null ? 1 : Math.abs(paper) < 10 ? 2 : Math.abs(paper) < 100 ? 1 : 0;
  return Math.max(decimalsOf(paper), small);
}

function fmt(x: number | null, decimals: number): string {
  return x === null || !Number.isFinite(x) ? '—' : x.toLocaleString('en', { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function pct(ours: number | null, paper: number | null): string | null {
  if (ours === null || paper === null || paper === 0) return null;
  const p = ((ours - paper) / Math.abs(paper)) * 100;
  const r = Math.abs(p) < 10 ? p.toFixed(1) : p.toFixed(0);
  return `${p > 0 ? '+' : p < 0 ? '−' : '±'}${r.replace('-', '')} %`;
}

function TablePanel({ table, presetId }: { table: Table; presetId: string }) {
  const revision = useRunBook();
  const [progress, setProgress] = useState<Progress>(null);
  const [cancel, setCancel] = useState<(() => void) | null>(null);
  const input = useLab(selectScenarioInput);
  const preset = findPreset(presetId);
  const matches = preset ? matchesPresetUpToVariants(input, preset.scenario) : false;

  useEffect(() => () => cancel?.(), [cancel]);

  // runBook is a mutable store outside React; `revision` is its version, so it
  // is what says these have changed, though the callbacks do not read it.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const rows: ComparisonRow[] = useMemo(() => compareWithPaper(table.id, runBook.all()), [table.id, revision]);
  const jobs = useMemo(() => tableJobs(table), [table]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const missingJobs = useMemo(() => jobs.filter((j) => !runBook.has(j.key)), [jobs, revision]);
  const cells = rows.reduce((n, r) => n + r.cells.filter((c) => c.paper !== null).length, 0);
  const filled = rows.reduce((n, r) => n + r.cells.filter((c) => c.paper !== null && c.ours !== null).length, 0);
  const currentVariant = currentVariantOf(input, table, presetId);

  const start = () => {
    const todo = missingJobs;
    if (todo.length === 0) return;
    const stop = runInBackground(todo, (p) => {
      setProgress(p);
      if (p === null || p.done === p.total) setCancel(null);
    });
    setCancel(() => stop);
  };

  const emptyRowsOfOthers = rows.filter((r) => !r.presets.includes(presetId) && r.cells.some((c) => c.paper !== null && c.ours === null));
  const thisRows = rows.filter((r) => r.presets.includes(presetId));
  const thisMissing = [...new Set(thisRows.flatMap((r) => r.cells.filter((c) => c.paper !== null && c.ours === null).map((c) => c.column)))];
  const running = progress !== null && progress.done < progress.total;

  return (
    <section className="paper-table" aria-label={`Paper vs ours: paper ${table.paper}, ${table.title}`} data-testid="paper-table">
      <details>
        <summary>
          <span className="pt-kicker">Paper vs ours</span>
          <span className="pt-title">
            Paper {table.paper}, {table.title}: {table.caption}
          </span>
          <span className="pt-count" data-testid="paper-table-count">
            {filled} of {cells} cells ours
          </span>
        </summary>
        <div className="pt-body">
          <p className="pt-units">
            {table.source === 'text' ? 'Numbers quoted in the paper’s text, not a table. ' : ''}Units: {table.units}. Each cell: the paper’s number, ours below it, and how far ours is from it.
          </p>
          <div className="pt-scroll">
            <table className="pt-grid">
              <thead>
                <tr>
                  {table.rowHeader.map((h) => (
                    <th key={h} scope="col" className="pt-rowhead">
                      {h}
                    </th>
                  ))}
                  {table.columns.map((c) => (
                    <th key={c.label} scope="col" className={`num${c.variant && c.variant === currentVariant ? ' pt-current-col' : ''}`}>
                      {c.label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, ri) => {
                  const current = r.presets.includes(presetId);
                  return (
                    <tr key={ri} className={current ? 'pt-current' : undefined} aria-current={current ? 'true' : undefined}>
                      {r.header.map((h, hi) => (
                        <th key={hi} scope="row" className="pt-rowhead">
                          {h}
                          {current && hi === r.header.length - 1 && <span className="pt-this">this preset</span>}
                        </th>
                      ))}
                      {r.cells.map((c, ci) => {
                        const d = pct(c.ours, c.paper);
                        const places = oursPlaces(c.paper, c.ours);
                        const needs = c.ours === null && c.paper !== null ? needsText(table, r, ci, presetId) : '';
                        return (
                          <td key={ci} className="num pt-cell" title={c.each.length > 1 ? c.each.map((e) => `${e.presetId}: ${fmt(e.value, places)}`).join('\n') : needs || undefined}>
                            <span className="pt-paper">{fmt(c.paper, decimalsOf(c.paper))}</span>
                            <span className={`pt-ours${c.ours === null ? ' empty' : ''}`}>{c.ours === null ? (c.paper === null ? '' : 'ours —') : fmt(c.ours, places)}</span>
                            {d && <span className="pt-diff">{d}</span>}
                          </td>
                        );
                      })}
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <div className="pt-needs" data-testid="paper-table-needs">
            {!matches && <p>This scenario has been edited beyond its flows’ variants, so runs of it do not count as the preset’s.</p>}
            {filled < cells && (
              <p>
                Empty cells need other runs.
                {thisMissing.length > 0 && (
                  <>
                    {' '}
                    This preset’s row: {thisMissing.join(', ')} — run it to the end (Play) with that variant, or let the page run them.
                  </>
                )}
                {emptyRowsOfOthers.length > 0 && (
                  <>
                    {' '}
                    Other rows need other presets: {[...new Set(emptyRowsOfOthers.flatMap((r) => r.presets))].join(', ')}.
                  </>
                )}
              </p>
            )}
            {filled === cells && <p>Every cell has our number.</p>}
          </div>
          <div className="pt-actions">
            {missingJobs.length > 0 && !running && (
              <button type="button" className="button small" onClick={start}>
                Fill the table: run the {missingJobs.length} missing {missingJobs.length === 1 ? 'run' : 'runs'} in the background
              </button>
            )}
            {running && (
              <>
                <progress max={progress.total} value={progress.done} aria-label="Background runs" />
                <span role="status">
                  {progress.done} of {progress.total} runs
                </span>
                <button type="button" className="button small ghost" onClick={() => (cancel?.(), setCancel(null), setProgress(null))}>
                  Stop
                </button>
              </>
            )}
            {progress && !running && progress.failed.length > 0 && <span className="pt-failed">{progress.failed.length} runs failed.</span>}
          </div>
          {table.notes && (
            <details className="pt-notes">
              <summary>How the paper’s numbers map to ours</summary>
              <p>{table.notes}</p>
            </details>
          )}
        </div>
      </details>
    </section>
  );
}

function currentVariantOf(input: unknown, table: Table, presetId: string): Variant | null {
  const row = table.rows.find((r) => r.presets.includes(presetId));
  const flowId = (row?.metric ?? table.metric)?.flow ?? table.columns.find((c) => c.metric)?.metric?.flow;
  const flows = (input as { flows?: { id?: unknown; variant?: unknown }[] } | null)?.flows;
  const f = Array.isArray(flows) ? flows.find((x) => x?.id === flowId) : undefined;
  return typeof f?.variant === 'string' ? (f.variant as Variant) : null;
}

function needsText(table: Table, row: ComparisonRow, ci: number, presetId: string): string {
  const column = table.columns[ci];
  const which = row.presets.includes(presetId) ? 'this preset' : row.presets.join(' / ');
  return column.variant ? `Needs ${which} run with ${VARIANT_LABELS[column.variant] ?? column.variant}` : `Needs a run of ${which}`;
}
