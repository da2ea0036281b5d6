/** A set of checkboxes drawn as chips: variants, flows, metric columns. Order of the result follows the options. */
import type { ReactNode } from 'react';

export interface ChipOption<T extends string> {
  value: T;
  label: string;
  /** a colour swatch before the label (a variant's line colour) */
  swatch?: string;
  disabled?: boolean;
  title?: string;
}

export function CheckChips<T extends string>({
  legend,
  options,
  value,
  onChange,
  hint,
  testId,
  disabled,
}: {
  legend: ReactNode;
  options: readonly ChipOption<T>[];
  value: readonly T[];
  onChange(next: T[]): void;
  hint?: ReactNode;
  testId?: string;
  disabled?: boolean;
}) {
  const toggle = (v: T, on: boolean) => {
    const chosen = new Set(value);
    if (on) chosen.add(v);
    else chosen.delete(v);
    onChange(options.map((o) => o.value).filter((x) => chosen.has(x)));
  };
  return (
    <fieldset className="exp-chips" data-testid={testId} disabled={disabled}>
      <legend>{legend}</legend>
      <div className="chip-row">
        {options.map((o) => (
          <label key={o.value} className="chip" title={o.title}>
            <input type="checkbox" checked={value.includes(o.value)} disabled={o.disabled} onChange={(e) => toggle(o.value, e.currentTarget.checked)} />
            {value.includes(o.value) && (
              <span className="chip-check" aria-hidden="true">
                ✓
              </span>
            )}
            {o.swatch && <span className="chip-swatch" style={{ background: o.swatch }} aria-hidden="true" />}
            {o.label}
          </label>
        ))}
      </div>
      {hint && <div className="exp-hint">{hint}</div>}
    </fieldset>
  );
}
