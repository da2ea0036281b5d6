/**
 * What the Scenario picker offers: the example scenarios of scenarios/*.json
 * (bundled into the page at build time, so the static site needs no server to
 * list or fetch them), then the library of src/presets/catalog.ts — every
 * experiment of the seed papers and every lesson, grouped by paper and
 * "Lessons", each keyed by its stable, URL-safe preset id (share links).
 *
 * Also the picker's grouping and search, as pure functions (tested without
 * React).
 *
 * The library (and the examples but the default one) is passed in, never
 * imported here: the page loads it on its own (./library.ts), after the Lab's
 * first paint, so that its scenario files are not part of the first load. ./presets.ts binds these functions
 * to the library for code that has it at hand (the views that load later,
 * the tests).
 */
import type { Preset } from '../presets/catalog';
import type { ScenarioEntry } from './lab-types';

import singleDropReno from '../../scenarios/single-drop-reno.json';
import { normalizeSearchText } from '../presets/search-text';

/** The scenario a first visit opens: the simplest lesson, if it is there. */
export const DEFAULT_PRESET = 'single-drop-reno';

/** The group of the top-level example files. */
export const EXAMPLES_GROUP = 'Examples';
/** The group of imported files and scenarios opened from a share link. */
export const IMPORTED_GROUP = 'Imported';
/** The group of the user's own saved scenarios, first in the picker. */
export const MINE_GROUP = 'My scenarios';

/** The example a first visit opens, bundled with the page's first load (the other examples come with the library). */
export const DEFAULT_FILES: Record<string, { default: unknown }> = {
  [`../../scenarios/${DEFAULT_PRESET}.json`]: { default: singleDropReno },
};

/** The example files as picker entries, keyed by file name (without .json), sorted by key. */
export function exampleEntries(files: Record<string, { default: unknown }>): ScenarioEntry[] {
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

/** The catalog's presets as picker entries, keyed by preset id, in picker order. */
export function catalogEntries(catalog: readonly Preset[]): ScenarioEntry[] {
  return catalog.map((p) => ({ key: p.id, label: p.title, input: p.scenario, origin: 'preset' as const }));
}

/**
 * Every entry the picker starts with: the example files, then the catalog.
 * A caller passing its own `files` (a test) gets only those unless it passes
 * a catalog too. An example whose key a catalog preset also uses is dropped
 * (keys are what share links name, so they must be unique).
 */
export function presetEntries(
  files: Record<string, { default: unknown }>,
  catalog: readonly Preset[],
): ScenarioEntry[] {
  const library = catalogEntries(catalog);
  const taken = new Set(library.map((e) => e.key));
  return [...exampleEntries(files).filter((e) => !taken.has(e.key)), ...library];
}

export function defaultPresetKey(entries: ScenarioEntry[]): string | null {
  return entries.find((e) => e.key === DEFAULT_PRESET)?.key ?? entries[0]?.key ?? null;
}

// ---------------------------------------------------------------------------
// Grouping and search for the picker
// ---------------------------------------------------------------------------

export interface PickerGroup {
  title: string;
  entries: ScenarioEntry[];
}

export interface PickerView {
  groups: PickerGroup[];
  /** entries shown */
  shown: number;
  /** entries in all */
  total: number;
  /** the kept (selected) entry when it is listed only because it is selected, not because it matched */
  keptOnly: string | null;
}

function words(query: string): string[] {
  return normalizeSearchText(query)
    .split(/[\s,;]+/)
    .map((w) => w.replace(/^["'(]+|["')?!.:]+$/g, ''))
    .filter(Boolean);
}

/** Where an entry's words are: names and tags (strong), or only its description (weak). */
function haystacks(entry: ScenarioEntry, group: string, preset: Preset | undefined): { strong: string; weak: string } {
  const description = preset ? preset.description : (entry.input as { description?: unknown } | null)?.description;
  const names = preset ? [preset.id, preset.title, preset.group, ...preset.tags] : [entry.key, entry.label, group];
  return {
    strong: normalizeSearchText(names.join(' \u0000 ')),
    weak: normalizeSearchText(typeof description === 'string' ? description : ''),
  };
}

/** 2: every word in the names or tags; 1: some only in the description; 0: no match. */
function matchTier(entry: ScenarioEntry, ws: string[], group: string, preset: Preset | undefined): 0 | 1 | 2 {
  const h = haystacks(entry, group, preset);
  let tier: 0 | 1 | 2 = 2;
  for (const w of ws) {
    if (h.strong.includes(w)) continue;
    if (h.weak.includes(w)) tier = 1;
    else return 0;
  }
  return tier;
}

/** The group of search results found only in descriptions. */
export const ALSO_GROUP = 'Also mentioned in descriptions';

/**
 * The picker's groups for a search: My scenarios, Examples, the catalog's
 * groups (papers 000 … 004, then Lessons) and Imported, empty groups left out, entries in
 * picker order. Every word must occur in an entry's id, title, group, tags
 * or description (the catalog's search rules); entries that match only
 * through their descriptions come last, in their own group. `keep` (the
 * selected entry) is always listed, so the select never shows a value it has
 * no option for.
 */
export function pickerView(
  entries: readonly ScenarioEntry[],
  query: string,
  keep: string | null,
  catalog: readonly Preset[],
): PickerView {
  const byId = new Map(catalog.map((p) => [p.id, p]));
  const ws = words(query);
  const groups: PickerGroup[] = [];
  const add = (title: string, e: ScenarioEntry) => {
    let g = groups.find((x) => x.title === title);
    if (!g) groups.push((g = { title, entries: [] }));
    g.entries.push(e);
  };
  // Group order: examples, catalog groups in catalog order, imported, then the weak matches.
  const catalogOrder = [...new Set(catalog.map((p) => p.group))];
  const order = (title: string) =>
    title === MINE_GROUP
      ? -2
      : title === EXAMPLES_GROUP
        ? -1
        : title === IMPORTED_GROUP
          ? 1e6
          : title === ALSO_GROUP
            ? 2e6
            : catalogOrder.indexOf(title);
  let shown = 0;
  let keptOnly: string | null = null;
  for (const e of entries) {
    const preset = e.origin === 'preset' ? byId.get(e.key) : undefined;
    const group = preset
      ? preset.group
      : e.origin === 'preset'
        ? EXAMPLES_GROUP
        : e.origin === 'mine'
          ? MINE_GROUP
          : IMPORTED_GROUP;
    const tier = ws.length === 0 ? 2 : matchTier(e, ws, group, preset);
    if (tier === 0 && e.key !== keep) continue;
    add(tier === 1 ? ALSO_GROUP : group, e);
    if (tier > 0) shown++;
    else keptOnly = e.key;
  }
  groups.sort((a, b) => order(a.title) - order(b.title));
  return { groups, shown, total: entries.length, keptOnly };
}

/** The first entry a search matched (Enter in the search box opens it), or null. */
export function firstMatch(view: PickerView): ScenarioEntry | null {
  for (const g of view.groups) for (const e of g.entries) if (e.key !== view.keptOnly) return e;
  return null;
}
