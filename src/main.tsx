/**
 * The page's entry: one store, one engine worker, one session wiring them,
 * and the React app on top.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { formatIssues, parseScenario, parseScenarioText } from './engine/scenario';
import { LabStoreProvider } from './store/context';
import { createLabStore } from './store/lab-store';
import { App } from './ui/App';
import { LARGE_TEXT_KEY, PRESENTER_KEY, readFlag } from './ui/display/remembered';
import { defaultPresetKey, presetEntries } from './ui/presets';
import { SessionProvider } from './ui/session/context';
import { RunSession } from './ui/session/run-session';
import { EngineClient } from './worker/client';
import './ui/tokens.css';
import './ui/widgets.css';
import './ui/styles.css';

const store = createLabStore(
  { parse: parseScenario, parseText: parseScenarioText, formatIssues },
  { largeText: readFlag(LARGE_TEXT_KEY), presenter: readFlag(PRESENTER_KEY) },
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
