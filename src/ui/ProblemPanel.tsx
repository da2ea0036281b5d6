import { useLab, useLabStore } from './lab-context';
import { selectProblem } from '../store/selectors';

/** A rejected import or a failed run: what happened and, per line, what to change; the loader's lines in "Details". */
export function ProblemPanel() {
  const problem = useLab(selectProblem);
  const store = useLabStore();
  if (!problem) return null;
  return (
    <div className="problem" role="alert" data-testid="problem">
      <div className="problem-text">
        <strong>{problem.title}</strong>
        <ul>
          {problem.lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
        {problem.details && problem.details.length > 0 && (
          <details className="problem-details">
            <summary>Details</summary>
            <ul>
              {problem.details.map((line, i) => (
                <li key={i}>
                  <code>{line}</code>
                </li>
              ))}
            </ul>
          </details>
        )}
      </div>
      <button type="button" className="button ghost small" onClick={() => store.getState().dismissProblem()}>
        Dismiss
      </button>
    </div>
  );
}
