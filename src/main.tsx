/**
 * The page's entry: one store, one engine worker, one session wiring them,
 * and the React app on top.
 *
 * Opening, in order: the presets; the work kept from the last visit (My
 * scenarios, drafts); then the scenario the address names (a share link, or
 * the page's own address before a reload), else the one open last time, else
 * the default. From then on the work is kept as it changes and the address
 * follows the page.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatIssues, parseScenario, parseScenarioText } from './engine/scenario';
import { Archive, browserStorage } from './store/archive';
import { connectArchive, keptCurrentKey, restoreWork } from './store/autosave';
import { lessonStore } from './store/lesson-store';
import { keepAddress } from './ui/share/address';
import { applyShareHash } from './ui/share/apply';
import { LabStoreProvider } from './ui/lab-context';
import { createLabStore } from './store/lab-store';
import { App, LARGE_TEXT_KEY } from './ui/App';
import { defaultPresetKey, presetEntries } from './store/presets';
import { SessionProvider } from './ui/session/context';
import { RunSession } from './ui/session/run-session';
import { EngineClient } from './worker/client';
import './ui/styles.css';

function rememberedLargeText(): boolean {
  try {
    return localStorage.getItem(LARGE_TEXT_KEY) === '1';
  } catch {
    return false;
  }
}

const store = createLabStore(
  { parse: parseScenario, parseText: parseScenarioText, formatIssues },
  { largeText: rememberedLargeText() },
);
const session = new RunSession(store, new EngineClient());

const entries = presetEntries();
store.getState().setEntries(entries);
const archive = new Archive(browserStorage());
const kept = archive.load();
restoreWork(store, kept);
if (applyShareHash(window.location.hash, store, lessonStore) === 'none') {
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
