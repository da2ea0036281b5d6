/**
 * The picker's functions (./picker.ts) bound to the whole preset library,
 * for code that has the library at hand: the views the page loads on demand
 * (Lessons, Experiment, paper tables), the command-line tools and the tests.
 * The page's own start does not import this module: it opens with the
 * examples and loads the library after its first paint (./library.ts).
 */
import { PRESETS, type Preset } from '../presets/catalog';
import type { ScenarioEntry } from './lab-types';
import { EXAMPLE_FILES } from './examples';
import {
  exampleEntries as exampleEntriesOf,
  pickerView as pickerViewOf,
  presetEntries as presetEntriesOf,
  type PickerView,
} from './picker';

export {
  ALSO_GROUP,
  catalogEntries,
  DEFAULT_PRESET,
  DEFAULT_FILES,
  defaultPresetKey,
  EXAMPLES_GROUP,
  firstMatch,
  IMPORTED_GROUP,
  MINE_GROUP,
  type PickerGroup,
  type PickerView,
} from './picker';

export { EXAMPLE_FILES };

/** The example files as picker entries, keyed by file name (without .json), sorted by key. */
export function exampleEntries(files: Record<string, { default: unknown }> = EXAMPLE_FILES): ScenarioEntry[] {
  return exampleEntriesOf(files);
}

/**
 * Every entry the picker starts with: the example files, then the catalog.
 * A caller passing its own `files` (a test) gets only those unless it passes
 * a catalog too.
 */
export function presetEntries(
  files: Record<string, { default: unknown }> = EXAMPLE_FILES,
  catalog: readonly Preset[] = files === EXAMPLE_FILES ? PRESETS : [],
): ScenarioEntry[] {
  return presetEntriesOf(files, catalog);
}

/** The picker's groups for a search over `entries`, the whole library known (./picker.ts). */
export function pickerView(
  entries: readonly ScenarioEntry[],
  query = '',
  keep: string | null = null,
  catalog: readonly Preset[] = PRESETS,
): PickerView {
  return pickerViewOf(entries, query, keep, catalog);
}
