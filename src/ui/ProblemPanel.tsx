import { useLab, useLabStore } from './lab-context';
import { selectProblem } from '../store/selectors';

/** A rejected import or a failed run: what happened and, per line, which field is wrong. */
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
            <li key={i}>
              <code>{line}</code>
            </li>
          ))}
        </ul>
      </div>
      <button type="button" className="button ghost small" onClick={() => store.getState().dismissProblem()}>
        Dismiss
      </button>
    </div>
  );
}
