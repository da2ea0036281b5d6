import { lazy, Suspense, useEffect } from 'react';
import { useLab, useLabStore } from './lab-context';
import { CaptionArea } from './CaptionArea';
import { EditorArea } from './editor/EditorArea';
import { LargeTextToggle } from './controls/LargeTextToggle';
import { RunControls } from './controls/RunControls';
import { ScenarioFiles } from './controls/ScenarioFiles';
import { ScenarioPicker } from './controls/ScenarioPicker';
import { SimClock } from './controls/SimClock';
import { SpeedControl } from './controls/SpeedControl';
import { FullscreenButton } from './display/FullscreenButton';
import { toggleFullscreen } from './display/fullscreen';
import { PresenterToggle } from './display/PresenterToggle';
import { useDisplayClasses } from './display/use-display';
import { useWideTopology } from './display/use-wide-topology';
import { LogoMark } from './icons';
import { ProblemPanel } from './ProblemPanel';
import { ScenarioInfo } from './ScenarioInfo';
import { useSession } from './session/context';
import { keyLike, shortcutFor } from './shortcuts';
import { StatusBar } from './StatusBar';
import { ViewTabs } from './ViewTabs';
import { CopyLinkButton } from './share/CopyLinkButton';
import { ShareLink } from './share/ShareLink';
import './presenter.css';
import { ViewBoundary } from './ViewBoundary';

// Lessons and Experiment load when first opened: the Lab, the page's first
// view, does not wait for their code (tests/e2e: bundle-size.spec.ts).
const LessonsView = lazy(() => import('./lessons/LessonsView').then((m) => ({ default: m.LessonsView })));
const ExperimentView = lazy(() => import('./experiment/ExperimentView').then((m) => ({ default: m.ExperimentView })));
// The charts' code (and D3's shapes and scales) follows the Lab's first paint:
// the scenario, the topology and Play are usable before it arrives.
const ChartsArea = lazy(() => import('./charts/ChartsArea').then((m) => ({ default: m.ChartsArea })));

function Loading({ what }: { what: string }) {
  return (
    <p className="view-loading" role="status">
      Loading {what}…
    </p>
  );
}

export function App() {
  const view = useLab((s) => s.view);
  const presenter = useLab((s) => s.presenter) && view === 'lab';
  const wide = useWideTopology();
  useShortcuts(view === 'lab');
  useDisplayClasses();
  return (
    <div className={`app${presenter ? ' presenter' : ''}`}>
      <header className={`app-header${view === 'lab' && !presenter ? ' with-lab-tools' : ''}`}>
        <div className="brand">
          <LogoMark />
          <h1>TCP Congestion Lab</h1>
        </div>
        <ViewTabs />
        <p className="tagline">Packet-level TCP congestion control, step by step</p>
        <ShareLink />
        <div className="header-tools">
          <ScenarioFiles />
          {presenter && <CopyLinkButton tone="dark" />}
          {view === 'lab' && <PresenterToggle />}
          {view === 'lab' && <FullscreenButton />}
          <LargeTextToggle />
        </div>
      </header>
      {view === 'lab' && (
        <ViewBoundary key="lab" name="Lab">
          <div className="toolbar" role="region" aria-label="Scenario and run controls">
            <ScenarioPicker />
            <RunControls />
            <SpeedControl />
            <SimClock />
          </div>
          <main className={`main${presenter ? (wide ? ' topo-wide' : ' topo-tall') : ''}`}>
            <ProblemPanel />
            <ScenarioInfo />
            <EditorArea />
            <CaptionArea />
            <Suspense fallback={<Loading what="the charts" />}>
              <ChartsArea />
            </Suspense>
          </main>
          <StatusBar />
        </ViewBoundary>
      )}
      {view === 'lessons' && (
        <ViewBoundary key="lessons" name="Lessons">
          <Suspense fallback={<Loading what="the lessons" />}>
            <LessonsView />
          </Suspense>
        </ViewBoundary>
      )}
      {view === 'experiment' && (
        <ViewBoundary key="experiment" name="Experiment">
          <Suspense fallback={<Loading what="the experiment" />}>
            <ExperimentView />
          </Suspense>
        </ViewBoundary>
      )}
    </div>
  );
}

function useShortcuts(enabled: boolean): void {
  const session = useSession();
  const store = useLabStore();
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(keyLike(e));
      if (!action) return;
      e.preventDefault(); // Space would otherwise scroll the page
      if (action === 'presenter') store.getState().setPresenter(!store.getState().presenter);
      else if (action === 'fullscreen') void toggleFullscreen();
      else session[action]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [session, store, enabled]);
}
