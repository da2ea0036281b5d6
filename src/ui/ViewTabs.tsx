import { useLab } from './lab-context';
import type { LabView } from '../store/lab-store';

const VIEWS: { view: LabView; label: string }[] = [
  { view: 'lab', label: 'Lab' },
  { view: 'lessons', label: 'Lessons' },
  { view: 'experiment', label: 'Experiment' },
];

/** Switches between the live lab, the guided lessons and the experiments. */
export function ViewTabs() {
  const view = useLab((s) => s.view);
  const setView = useLab((s) => s.setView);
  return (
    <nav className="view-tabs" aria-label="Views">
      {VIEWS.map((v) => (
        <button
          key={v.view}
          type="button"
          className="view-tab"
          aria-current={view === v.view ? 'page' : undefined}
          onClick={() => setView(v.view)}
        >
          {v.label}
        </button>
      ))}
    </nav>
  );
}
