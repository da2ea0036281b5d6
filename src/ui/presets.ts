/**
 * The example scenarios of scenarios/*.json, bundled into the page at build
 * time so the static site needs no server to list or fetch them.
 */
import type { ScenarioEntry } from '../store/lab-store';

const modules = import.meta.glob<{ default: unknown }>('../../scenarios/*.json', { eager: true });

/** The scenario a first visit opens: the simplest lesson, if it is there. */
export const DEFAULT_PRESET = 'single-drop-reno';

export function presetEntries(files: Record<string, { default: unknown }> = modules): ScenarioEntry[] {
  return Object.entries(files)
    .map(([path, mod]) => {
      const key = path.replace(/^.*\//, '').replace(/\.json$/, '');
      const name = (mod.default as { name?: unknown } | null)?.name;
      return {
        key,
        label: typeof name === 'string' && name.trim() ? name : key,
        input: mod.default,
        origin: 'preset' as const,
      };
    })
    .sort((a, b) => a.key.localeCompare(b.key));
}

export function defaultPresetKey(entries: ScenarioEntry[]): string | null {
  return entries.find((e) => e.key === DEFAULT_PRESET)?.key ?? entries[0]?.key ?? null;
}
