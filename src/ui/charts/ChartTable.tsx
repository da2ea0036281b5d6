import { useEffect, useState } from 'react';
import { useSession } from '../session/context';
import type { RingBuffer } from './ring-buffer';

/** One column of a chart's data table: a line of the chart. */
export interface TableColumn {
  label: string;
  buffer(): RingBuffer | null;
}

/** Rows the table shows: the newest samples. */
export const TABLE_ROWS = 12;
/** While open, the table refreshes this often (ms): readable, and cheap. */
const REFRESH_MS = 1000;

const fmt = (v: number) => (Number.isFinite(v) ? String(Math.round(v * 100) / 100) : '—');

/** The newest rows of the columns, on the first column's sample times. */
export function tableRows(columns: readonly TableColumn[], rows = TABLE_ROWS): { time: number; values: number[] }[] {
  const first = columns.find((c) => (c.buffer()?.length ?? 0) > 0)?.buffer();
  if (!first) return [];
  const out: { time: number; values: number[] }[] = [];
  for (let i = Math.max(0, first.length - rows); i < first.length; i++) {
    const t = first.t(i);
    out.push({
      time: t,
      values: columns.map((c) => {
        const b = c.buffer();
        if (!b || b.length === 0) return NaN;
        const j = Math.min(b.length - 1, b.lowerBound(t));
        return Math.abs(b.t(j) - t) < 1e-9 ? b.y(j) : NaN;
      }),
    });
  }
  return out;
}

/** A table's header and rows, as text. */
export interface TableData {
  headers: string[];
  rows: string[][];
}

/** The newest samples of ring-buffer lines, time first. */
export function seriesTable(columns: readonly TableColumn[]): TableData {
  return {
    headers: ['time (s)', ...columns.map((c) => c.label)],
    rows: tableRows(columns).map((r) => [r.time.toFixed(3), ...r.values.map(fmt)]),
  };
}

/**
 * The chart's numbers as a table, for screen readers and for anyone who
 * wants the values: the newest samples of each line. Rendered only while
 * open, refreshed once a second while the run plays.
 */
export function ChartTable({ caption, table }: { caption: string; table: () => TableData }) {
  const { traces } = useSession();
  const [open, setOpen] = useState(false);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (!open) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | 0 = 0;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = 0;
        last = performance.now();
        setTick((n) => n + 1);
      }, Math.max(0, REFRESH_MS - (performance.now() - last)));
    };
    const off = traces.subscribe(refresh);
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [open, traces]);
  const data = open ? table() : { headers: [], rows: [] };
  return (
    <details className="chart-table" onToggle={(e) => setOpen((e.currentTarget as HTMLDetailsElement).open)}>
      <summary>Data table</summary>
      {open && (
        <div className="chart-table-scroll">
          {data.rows.length === 0 ? (
            <p className="empty-note">No data yet.</p>
          ) : (
            <table>
              <caption>
                {caption}: the newest {data.rows.length} rows
              </caption>
              <thead>
                <tr>
                  {data.headers.map((h) => (
                    <th key={h} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((r, i) => (
                  <tr key={i}>
                    {r.map((cell, k) => (k === 0 ? <th key={k} scope="row">{cell}</th> : <td key={k}>{cell}</td>))}
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </details>
  );
}
