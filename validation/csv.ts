/**
 * The small CSV dialect of the reference files: a header row, comma-separated
 * plain values (numbers, identifiers; never a comma or quote inside), empty
 * for "not measured".
 */
export type Cell = string | number | null;

export function formatCsv(columns: readonly string[], rows: readonly Record<string, Cell>[]): string {
  const lines = [columns.join(',')];
  for (const r of rows) {
    lines.push(
      columns
        .map((c) => {
          const v = r[c];
          if (v === null || v === undefined) return '';
          if (typeof v === 'number') {
            if (!Number.isFinite(v)) return '';
            return String(v);
          }
          if (/[",\n]/.test(v)) throw new Error(`CSV value with a separator: ${v}`);
          return v;
        })
        .join(','),
    );
  }
  return lines.join('\n') + '\n';
}

export type CsvRow = Record<string, string>;

export function parseCsv(text: string): CsvRow[] {
  const lines = text.split('\n').filter((l) => l.length > 0);
  if (lines.length === 0) return [];
  const cols = lines[0].split(',');
  return lines.slice(1).map((l) => {
    const f = l.split(',');
    const row: CsvRow = {};
    cols.forEach((c, i) => (row[c] = f[i] ?? ''));
    return row;
  });
}

/** A cell as a number, or null when empty. */
export function numOrNull(s: string | undefined): number | null {
  return s === undefined || s === '' ? null : Number(s);
}
