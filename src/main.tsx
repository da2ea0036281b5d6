/**
 * The page's entry: one store, one engine worker, one session wiring them,
 * and the React app on top.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatIssues, parseScenario, parseScenarioText } from './engine/scenario';
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
