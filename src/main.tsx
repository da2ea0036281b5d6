/**
 * The page's entry: one store, one engine worker, one session wiring them,
 * and the React app on top.
 *
 * Opening, in order: the default example; the work kept from the last
 * visit (My scenarios, drafts); then the scenario the address names (a share
 * link, or the page's own address before a reload), else the one open last
 * time, else the default. From then on the work is kept as it changes and the
 * address follows the page. The preset library is loaded on its own
 * (store/library.ts): first, when what opens is one of its presets; else right
 * after the page is drawn. So are the scenario loader and the share links
 * (ui/loader-on-demand.ts): the default example comes checked at build time,
 * and a start with nothing else to open needs neither before it is drawn.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import checkedDefault from '../scenarios/single-drop-reno.json?checked';
import { Archive, browserStorage, type Kept } from './store/archive';
import { connectArchive, keptCurrentKey, restoreWork } from './store/autosave';
import { lessonStore } from './store/lesson-store';
import { LabStoreProvider } from './ui/lab-context';
import { createLabStore } from './store/lab-store';
import { App } from './ui/App';
import { LARGE_TEXT_KEY, PRESENTER_KEY, readFlag } from './ui/display/remembered';
import { ensureLibrary, loadLibrary, needsLibraryFirst } from './store/library';
import { DEFAULT_FILES, DEFAULT_PRESET, defaultPresetKey, exampleEntries } from './store/picker';
import { SessionProvider } from './ui/session/context';
import { RunSession } from './ui/session/run-session';
import { loadLoader, needsLoaderFirst, pageParser, retryNotLoaded } from './ui/loader-on-demand';
import { EngineClient, startEngineWorker } from './worker/client';
import { DEFAULT_WATCHDOG } from './worker/watchdog';
import './ui/tokens.css';
import './ui/widgets.css';
import './ui/styles.css';

type Share = typeof import('./ui/share/on-demand');
const loadShare = (): Promise<Share> => import('./ui/share/on-demand');

const store = createLabStore(
  pageParser([checkedDefault]),
  { largeText: readFlag(LARGE_TEXT_KEY), presenter: readFlag(PRESENTER_KEY) },
);
// The watchdog replaces a worker that dies or stops answering (the session reloads the scenario).
const session = new RunSession(store, new EngineClient(startEngineWorker, { watchdog: DEFAULT_WATCHDOG }));

const entries = exampleEntries(DEFAULT_FILES);
store.getState().setEntries(entries);
const archive = new Archive(browserStorage());
const kept = archive.load();

/**
 * Open the page with what arrived first: `share` (and with it the loader)
 * when the start needs them, else null (the default example opens as built).
 * `kept` is null when the loader could not be fetched: the kept work then
 * stays in the browser's storage untouched, and the link in the address,
 * for the next visit.
 */
function open(share: Share | null, kept: Kept | null): void {
  if (kept) restoreWork(store, kept);
  if (share) share.applyShareHash(window.location.hash, store, lessonStore);
  // A link may name only a view (#v=experiment): the kept or default scenario opens under it.
  if (store.getState().scenarioKey === null) {
    const open = (kept && keptCurrentKey(store, kept)) ?? defaultPresetKey(entries);
    if (open && !store.getState().selectScenario(open)) {
      const first = defaultPresetKey(entries);
      if (first) store.getState().selectScenario(first);
    }
  }
  // The work and the address follow the page from now on (not when the loader failed: they keep what is to be reopened).
  if (kept) {
    connectArchive(store, archive);
    void (share ? Promise.resolve(share) : loadShare()).then(
      (m) => m.keepAddress(store, lessonStore),
      () => undefined, // the address then stays as it is; the page works the same
    );
  }

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <LabStoreProvider store={store}>
        <SessionProvider session={session}>
          <App />
        </SessionProvider>
      </LabStoreProvider>
    </StrictMode>,
  );
}

/** The library in the picker once the loader is there too, so that every scenario the picker offers can be opened. */
const listLibrary = () => {
  void loadLibrary().catch(() => undefined); // fetched beside the loader, not after it
  return loadLoader().then(
    () => {
      retryNotLoaded(store);
      return ensureLibrary(store);
    },
    () => undefined,
  );
};

const hash = window.location.hash;
if (needsLoaderFirst(hash, kept, DEFAULT_PRESET)) {
  const library = needsLibraryFirst(hash, kept, entries) ? loadLibrary().catch(() => undefined) : null;
  Promise.all([loadShare(), loadLoader(), library]).then(
    ([share]) => {
      if (library) void ensureLibrary(store).then(() => open(share, kept));
      else {
        open(share, kept);
        void ensureLibrary(store);
      }
    },
    (err: unknown) => {
      open(null, null);
      store.getState().showProblem({
        title: 'The page could not load its scenario loader',
        lines: [
          'Only the default example is open. Your saved work and the link are kept as they were: reload the page to open them.',
          err instanceof Error ? err.message : String(err),
        ],
      });
    },
  );
} else {
  open(null, kept);
  void listLibrary();
}
