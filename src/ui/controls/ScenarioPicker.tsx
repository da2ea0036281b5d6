import { useId } from 'react';
import { useLab, useLabStore } from '../../store/context';
import { selectEntries, selectScenarioKey } from '../../store/selectors';

/** The example scenarios, then any the user imported. */
export function ScenarioPicker() {
  const id = useId();
  const entries = useLab(selectEntries);
  const key = useLab(selectScenarioKey);
  const store = useLabStore();
  const presets = entries.filter((e) => e.origin === 'preset');
  const imported = entries.filter((e) => e.origin === 'imported');
  return (
    <div className="control-group scenario-picker">
      <label htmlFor={id}>Scenario</label>
      <select id={id} value={key ?? ''} onChange={(e) => store.getState().selectScenario(e.currentTarget.value)} data-testid="scenario-picker">
        {key === null && <option value="">Choose…</option>}
        <optgroup label="Examples">
          {presets.map((e) => (
            <option key={e.key} value={e.key}>
              {e.label}
            </option>
          ))}
        </optgroup>
        {imported.length > 0 && (
          <optgroup label="Imported">
            {imported.map((e) => (
              <option key={e.key} value={e.key}>
                {e.label}
              </option>
            ))}
          </optgroup>
        )}
      </select>
    </div>
  );
}
