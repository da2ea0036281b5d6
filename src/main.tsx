/**
 * The page's entry: one store, one engine worker, one session wiring them,
 * and the React app on top.
 */
import './zod-config'; // first: before any zod schema is made (src/zod-config.ts)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatIssues } from './engine/scenario';
import { LabStoreProvider } from './store/context';
import { createLabStore } from './store/lab-store';
import { App, LARGE_TEXT_KEY } from './ui/App';
import { defaultPresetKey, presetEntries } from './ui/presets';
import { SessionProvider } from './ui/session/context';
import { RunSession } from './ui/session/run-session';
import { parsePageScenario, parsePageScenarioText } from './ui/page-budget';
import { EngineClient, startEngineWorker } from './worker/client';
import { DEFAULT_WATCHDOG } from './worker/watchdog';
import './ui/styles.css';

function rememberedLargeText(): boolean {
  try {
    return localStorage.getItem(LARGE_TEXT_KEY) === '1';
  } catch {
    return false;
  }
}

const store = createLabStore(
  { parse: parsePageScenario, parseText: parsePageScenarioText, formatIssues },
  { largeText: rememberedLargeText() },
);
// The watchdog replaces a worker that dies or stops answering (the session reloads the scenario).
const session = new RunSession(store, new EngineClient(startEngineWorker, { watchdog: DEFAULT_WATCHDOG }));

const entries = presetEntries();
store.getState().setEntries(entries);
const first = defaultPresetKey(entries);
if (first) store.getState().selectScenario(first);

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
