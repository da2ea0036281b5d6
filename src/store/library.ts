/**
 * The preset library (src/presets/catalog.ts: the seed papers' experiments
 * and the lessons, 84 scenario files, about 36 kB gzip) as the page loads it:
 * on its own, by `import()`, so that it is not part of the first load. The
 * Lab opens on an example (scenarios/*.json, bundled with the page) and is
 * usable at once; the picker lists the library as soon as it arrives. A
 * start that needs the library to open (a link or the last visit naming one
 * of its presets) waits for it (src/main.tsx).
 */
import type { LabStore, ScenarioEntry } from './lab-types';
import { catalogEntries } from './picker';

export type Library = typeof import('../presets/catalog');

let loaded: Library | null = null;
let loading: Promise<Library> | null = null;

/** The library, loading it the first time. */
export function loadLibrary(): Promise<Library> {
  loading ??= import('../presets/catalog').then((lib) => (loaded = lib));
  return loading;
}

/** The library if it has arrived, else null. */
export function loadedLibrary(): Library | null {
  return loaded;
}

/**
 * Put the library's presets into the picker, after the examples and before
 * the user's own and imported entries (a key already listed is left as it is).
 */
export function addLibrary(store: LabStore, lib: Library): void {
  const { entries, setEntries } = store.getState();
  const have = new Set(entries.map((e) => e.key));
  const library = catalogEntries(lib.PRESETS).filter((e) => !have.has(e.key));
  if (library.length === 0) return;
  const presets: ScenarioEntry[] = entries.filter((e) => e.origin === 'preset');
  const others: ScenarioEntry[] = entries.filter((e) => e.origin !== 'preset');
  setEntries([...presets, ...library, ...others]);
}

/** The library loaded and in the picker; resolves (without it) if it cannot be loaded. */
export function ensureLibrary(store: LabStore): Promise<void> {
  return loadLibrary().then(
    (lib) => addLibrary(store, lib),
    () => undefined,
  );
}
