/**
 * The preset library (src/presets/catalog.ts: the seed papers' experiments
 * and the lessons, 84 scenario files, about 36 kB gzip) and the examples
 * (scenarios/*.json) as the page loads them: on their own, by `import()`, so
 * that they are not part of the first load. The Lab opens on the default
 * example (bundled with the page) and is usable at once; the picker lists
 * the rest as soon as it arrives. A
 * start that needs the library to open (a link or the last visit naming one
 * of its presets) waits for it (src/main.tsx).
 */
import type { Kept } from './archive';
import type { LabStore, ScenarioEntry } from './lab-types';
import { presetEntries } from './picker';

/** The catalog (src/presets/catalog.ts) and the example files (./examples.ts). */
export type Library = typeof import('../presets/catalog') & typeof import('./examples');

let loaded: Library | null = null;
let loading: Promise<Library> | null = null;

/** The library, loading it the first time. */
export function loadLibrary(): Promise<Library> {
  loading ??= Promise.all([import('../presets/catalog'), import('./examples')]).then(
    ([catalog, examples]) => (loaded = { ...catalog, ...examples }),
  );
  return loading;
}

/** The library if it has arrived, else null. */
export function loadedLibrary(): Library | null {
  return loaded;
}

/**
 * Put the examples and the library's presets into the picker, in the
 * picker's order, before the user's own and imported entries (an entry
 * already listed is kept as it is).
 */
export function addLibrary(store: LabStore, lib: Library): void {
  const { entries, setEntries } = store.getState();
  const listed = new Map(entries.filter((e) => e.origin === 'preset').map((e) => [e.key, e]));
  const library = presetEntries(lib.EXAMPLE_FILES, lib.PRESETS);
  if (library.every((e) => listed.has(e.key))) return;
  const presets: ScenarioEntry[] = library.map((e) => listed.get(e.key) ?? e);
  const others: ScenarioEntry[] = entries.filter((e) => e.origin !== 'preset');
  setEntries([...presets, ...others]);
}

/** The library loaded and in the picker; resolves (without it) if it cannot be loaded. */
export function ensureLibrary(store: LabStore): Promise<void> {
  return loadLibrary().then(
    (lib) => addLibrary(store, lib),
    () => undefined,
  );
}

/**
 * Whether the page must have the library before it opens: the address names
 * a preset (`p=`) the page does not have yet, or the last visit left open or
 * edited one. `entries` are what the page has without the library (the
 * default example); the kept work's own entries (My scenarios, imported) count
 * as had. Otherwise the Lab opens at once and the library follows.
 */
export function needsLibraryFirst(hash: string, kept: Kept, entries: readonly ScenarioEntry[]): boolean {
  const known = new Set(entries.map((e) => e.key));
  for (const e of [...kept.mine, ...kept.drafts.map((d) => d.entry), kept.current?.entry]) if (e) known.add(e.key);
  const named = hash
    .replace(/^#/, '')
    .split('&')
    .filter((part) => part.startsWith('p='))
    .map((part) => {
      try {
        return decodeURIComponent(part.slice(2));
      } catch {
        return part.slice(2); // the link's own reading says what is wrong with it
      }
    });
  const keys = [...named, ...kept.drafts.map((d) => d.key), ...(kept.current ? [kept.current.key] : [])];
  return keys.some((key) => !known.has(key));
}
