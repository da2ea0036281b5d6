import { useEffect } from 'react';
import { useLab } from '../store/context';
import { selectLargeText } from '../store/selectors';
import { CaptionArea } from './CaptionArea';
import { ChartsArea } from './charts/ChartsArea';
import { EditorArea } from './editor/EditorArea';
import { LargeTextToggle } from './controls/LargeTextToggle';
import { RunControls } from './controls/RunControls';
import { ScenarioFiles } from './controls/ScenarioFiles';
import { ScenarioPicker } from './controls/ScenarioPicker';
import { SimClock } from './controls/SimClock';
import { SpeedControl } from './controls/SpeedControl';
import { LogoMark } from './icons';
import { ProblemPanel } from './ProblemPanel';
import { ScenarioInfo } from './ScenarioInfo';
import { useSession } from './session/context';
import { keyLike, shortcutFor } from './shortcuts';
import { StatusBar } from './StatusBar';
import { ViewTabs } from './ViewTabs';
import { LessonsView } from './lessons/LessonsView';
import { ExperimentView } from './experiment/ExperimentView';
import { ShareLink } from './share/ShareLink';
import { ViewBoundary } from './ViewBoundary';

export const LARGE_TEXT_KEY = 'tcp-lab.large-text';

export function App() {
  const view = useLab((s) => s.view);
  useShortcuts(view === 'lab');
  useLargeTextClass();
  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <LogoMark />
          <h1>TCP Congestion Lab</h1>
        </div>
        <ViewTabs />
        <p className="tagline">Packet-level TCP congestion control, step by step</p>
        <ScenarioFiles />
        <ShareLink />
        <LargeTextToggle />
      </header>
      {view === 'lab' && (
        <ViewBoundary key="lab" name="Lab">
          <div className="toolbar">
            <ScenarioPicker />
            <RunControls />
            <SpeedControl />
            <SimClock />
          </div>
          <main className="main">
            <ProblemPanel />
            <ScenarioInfo />
            <EditorArea />
            <CaptionArea />
            <ChartsArea />
          </main>
          <StatusBar />
        </ViewBoundary>
      )}
      {view === 'lessons' && (
        <ViewBoundary key="lessons" name="Lessons">
          <LessonsView />
        </ViewBoundary>
      )}
      {view === 'experiment' && (
        <ViewBoundary key="experiment" name="Experiment">
          <ExperimentView />
        </ViewBoundary>
      )}
    </div>
  );
}

function useShortcuts(enabled: boolean): void {
  const session = useSession();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(keyLike(e));
      if (!action) return;
      e.preventDefault(); // Space would otherwise scroll the page
      session[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, enabled]);
}

/** Large text scales the root font size, so everything sized in rem follows, charts included. */
function useLargeTextClass(): void {
  const on = useLab(selectLargeText);
  useEffect(() => {
    document.documentElement.classList.toggle('large-text', on);
    try {
      localStorage.setItem(LARGE_TEXT_KEY, on ? '1' : '0');
    } catch {
      // storage may be off (private mode, file://); the setting just is not remembered
    }
  }, [on]);
}
