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
 * after the page is drawn.
 */
import './zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatIssues } from './engine/scenario';
import { Archive, browserStorage } from './store/archive';
import { connectArchive, keptCurrentKey, restoreWork } from './store/autosave';
import { lessonStore } from './store/lesson-store';
import { keepAddress } from './ui/share/address';
import { applyShareHash } from './ui/share/apply';
import { LabStoreProvider } from './ui/lab-context';
import { createLabStore } from './store/lab-store';
import { App } from './ui/App';
import { LARGE_TEXT_KEY, PRESENTER_KEY, readFlag } from './ui/display/remembered';
import { ensureLibrary, needsLibraryFirst } from './store/library';
import { DEFAULT_FILES, defaultPresetKey, exampleEntries } from './store/picker';
import { SessionProvider } from './ui/session/context';
import { RunSession } from './ui/session/run-session';
import { parsePageScenario, parsePageScenarioText } from './ui/page-budget';
import { EngineClient, startEngineWorker } from './worker/client';
import { DEFAULT_WATCHDOG } from './worker/watchdog';
import './ui/tokens.css';
import './ui/widgets.css';
import './ui/styles.css';

const store = createLabStore(
  { parse: parsePageScenario, parseText: parsePageScenarioText, formatIssues },
  { largeText: readFlag(LARGE_TEXT_KEY), presenter: readFlag(PRESENTER_KEY) },
);
// The watchdog replaces a worker that dies or stops answering (the session reloads the scenario).
const session = new RunSession(store, new EngineClient(startEngineWorker, { watchdog: DEFAULT_WATCHDOG }));

const entries = exampleEntries(DEFAULT_FILES);
store.getState().setEntries(entries);
const archive = new Archive(browserStorage());
const kept = archive.load();

function open(): void {
  restoreWork(store, kept);
  applyShareHash(window.location.hash, store, lessonStore);
  // A link may name only a view (#v=experiment): the kept or default scenario opens under it.
  if (store.getState().scenarioKey === null) {
    const open = keptCurrentKey(store, kept) ?? defaultPresetKey(entries);
    if (open && !store.getState().selectScenario(open)) {
      const first = defaultPresetKey(entries);
      if (first) store.getState().selectScenario(first);
    }
  }
  connectArchive(store, archive);
  keepAddress(store, lessonStore);

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

if (needsLibraryFirst(window.location.hash, kept, entries)) {
  void ensureLibrary(store).then(open);
} else {
  open();
  void ensureLibrary(store);
}
