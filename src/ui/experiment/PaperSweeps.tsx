/** The preset sweeps that reproduce the papers' tables: load one into the form, or load and run it, in one click. */
import { experimentActions, useExperiment } from './hooks';
import { presetBase } from '../../store/experiment/experiment-store';
import { PRESET_SWEEPS, type PresetSweep } from '../../store/experiment/preset-sweeps';

function size(p: PresetSweep): string {
  const values = p.form.fixed ? p.form.fixed.values.length : p.form.valuesText.split(/[\s,;]+/).filter(Boolean).length;
  const reps = Number(p.form.repetitions);
  return `${p.form.variants.length} variants × ${values} values${reps > 1 ? ` × ${reps} seeds` : ''}`;
}

export function PaperSweeps() {
  const loaded = useExperiment((s) => s.preset?.id ?? null);
  const running = useExperiment((s) => s.job !== null);

  const run = (p: PresetSweep) => {
    if (!experimentActions().loadPreset(p.id)) return;
    const base = presetBase(p);
    if (base) void experimentActions().runSweep(base);
  };

  return (
    <section className="exp-card exp-papers" aria-label="Paper tables">
      <div className="exp-card-head">
        <h3>Reproduce a paper table</h3>
      </div>
      <p className="exp-hint">Each sweep runs the paper&rsquo;s presets with every variant of its table and shows our numbers beside the paper&rsquo;s.</p>
      <ul className="paper-list">
        {PRESET_SWEEPS.map((p) => (
          <li key={p.id} className={loaded === p.id ? 'loaded' : undefined}>
            <div className="paper-text">
              <span className="paper-title">{p.title}</span>
              <span className="paper-sub">
                {p.subtitle} · {size(p)}
              </span>
            </div>
            <div className="paper-actions">
              <button type="button" className="button small ghost" disabled={running} onClick={() => experimentActions().loadPreset(p.id)} aria-label={`Load ${p.title}`}>
                Load
              </button>
              <button type="button" className="button small" disabled={running} onClick={() => run(p)} aria-label={`Run ${p.title}`}>
                Run
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
