/** A paper's table with our numbers beside its own (compareWithPaper), cell by cell. */
import { formatStat } from './present';
import type { PaperComparison } from '../../store/experiment/preset-sweeps';

function relative(ours: number | null, paper: number | null): string {
  if (ours === null || paper === null) return '';
  if (paper === 0) return ours === 0 ? '0 %' : '';
  const r = (100 * (ours - paper)) / Math.abs(paper);
  const text = Math.abs(r) >= 10 ? r.toFixed(0) : r.toFixed(1);
  return `${r > 0 ? '+' : r < 0 ? '\u2212' : ''}${text.replace(/^-/, '')} %`;
}

export function PaperComparisonTable({ comparison }: { comparison: PaperComparison }) {
  const { table, rows } = comparison;
  return (
    <section className="exp-card" aria-label="Paper comparison" data-testid="paper-comparison">
      <div className="exp-card-head">
        <h3>
          Paper {table.paper}, {table.title}: the paper&rsquo;s numbers beside ours
        </h3>
        <span className="exp-sub">
          {table.caption} ({table.units})
        </span>
      </div>
      <div className="exp-table-wrap">
        <table className="exp-table paper-table">
          <thead>
            <tr>
              {table.rowHeader.map((h) => (
                <th key={h} scope="col" className="param">
                  {h}
                </th>
              ))}
              {table.columns.map((c) => (
                <th key={c.label} scope="col" className="num first">
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r, k) => (
              <tr key={k} className={k > 0 && table.rowHeader.length > 1 && r.header[0] !== rows[k - 1]!.header[0] ? 'group-start' : undefined}>
                {r.header.map((h, i) => (
                  <th key={i} scope="row" className={i === 0 && k > 0 && table.rowHeader.length > 1 && h === rows[k - 1]!.header[0] ? 'param repeat' : 'param'}>
                    {h}
                  </th>
                ))}
                {r.cells.map((c) => (
                  <Cell key={c.column} paper={c.paper} ours={c.ours} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {table.notes && <p className="exp-hint">{table.notes}</p>}
    </section>
  );
}

/** Ours, with the paper's number and the relative difference under it. */
function Cell({ paper, ours }: { paper: number | null; ours: number | null }) {
  const rel = relative(ours, paper);
  return (
    <td className="num first" title={ours !== null && paper !== null ? `ours − paper = ${formatStat(ours - paper)}` : undefined}>
      <span className="ours-value">{formatStat(ours)}</span>
      <span className="paper-line">
        paper {paper === null ? '—' : String(paper)}
        {rel && <span className="delta"> · {rel}</span>}
      </span>
    </td>
  );
}
