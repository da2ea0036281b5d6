/**
 * What is wrong with the scenario as edited, in one list: the values the
 * scenario has not taken (red: Play waits for them) and what the loader finds
 * legal but pointless (amber: warnings, which never block). Each line names
 * the field as the page labels it; a click shows and focuses its control.
 * The loader's own line (field path) is in "Details".
 */
import type { ScenarioIssue } from '../../engine/scenario/types';
import { selectPending, selectWarnings } from '../../store/editor';
import { wordIssues, type WordedIssue } from '../../store/wording';
import { useLab, useLabStore } from '../lab-context';
import { useDoc } from './use-edit';

/** The pending values' reasons, each once (two values may share a reason). */
export function pendingIssues(pending: readonly { issues: readonly ScenarioIssue[] }[]): ScenarioIssue[] {
  const seen = new Set<string>();
  return pending.flatMap((p) => p.issues).filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    return !seen.has(key) && seen.add(key);
  });
}

export function IssueList({ items }: { items: readonly WordedIssue[] }) {
  const store = useLabStore();
  return (
    <ul className="check-list">
      {items.map((w, i) => (
        <li key={i} className={`check-item ${w.severity}`} data-testid={w.severity === 'error' ? 'check-error' : 'check-warning'}>
          <span className="check-mark" aria-hidden="true">
            {w.severity === 'error' ? '✕' : '!'}
          </span>
          <div className="check-body">
            <button type="button" className="issue-link" onClick={() => store.getState().requestFocus(w.path)} title="Show this setting">
              <strong>{w.where}</strong>: {w.message}
            </button>
            <details className="issue-details">
              <summary>Details</summary>
              <code>{w.detail}</code>
            </details>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function ScenarioChecks() {
  const doc = useDoc();
  const pending = useLab(selectPending);
  const warnings = useLab(selectWarnings);
  const errors = wordIssues(pendingIssues(pending), doc, 'error');
  const amber = wordIssues(warnings, doc, 'warning');
  if (!errors.length && !amber.length) return null;
  return (
    <section className="scenario-checks" aria-label="Problems in the scenario" data-testid="scenario-checks">
      {errors.length > 0 && (
        <p className="checks-title error">
          {errors.length === 1 ? 'One setting needs fixing' : `${errors.length} settings need fixing`} before the scenario can run:
        </p>
      )}
      {errors.length === 0 && <p className="checks-title warning">Worth a look (the scenario runs as it is):</p>}
      <IssueList items={[...errors, ...amber]} />
    </section>
  );
}
