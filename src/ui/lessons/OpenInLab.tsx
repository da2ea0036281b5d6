import { findPreset } from '../../presets/catalog';
import { applyLessonRun, type Lesson, type LessonRun } from '../../presets/lessons';
import { useLabStore } from '../lab-context';
import { loadLoader } from '../loader-on-demand';

/** Open one of the lesson's runs in the Lab, to play, edit and export it there. */
export function OpenInLab({ lesson, run }: { lesson: Lesson; run: LessonRun }) {
  const lab = useLabStore();
  const open = async () => {
    // The page fetches the loader right after its first paint: by now it has arrived, or soon will.
    await loadLoader().catch(() => undefined);
    const preset = findPreset(lesson.preset);
    if (!preset) return;
    const input = applyLessonRun(preset.scenario, run);
    const actions = lab.getState();
    let key: string = preset.id;
    if (JSON.stringify(input) !== JSON.stringify(preset.scenario)) {
      key = `lesson:${lesson.id}:${run.id}`;
      if (!actions.entries.some((e) => e.key === key)) {
        const named = { ...(input as Record<string, unknown>), name: `${preset.title} — ${run.label}` };
        actions.setEntries([...actions.entries, { key, label: named.name, input: named, origin: 'imported' }]);
      }
    }
    if (lab.getState().selectScenario(key)) lab.getState().setView('lab');
  };
  return (
    <button type="button" className="button small" onClick={open} title={`Open the ${run.label} run in the Lab, to play, edit and export it`}>
      Open in the Lab
    </button>
  );
}
