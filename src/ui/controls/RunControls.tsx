import { useLab } from '../lab-context';
import { selectCanPause, selectCanPlay, selectCanReset, selectCanStep } from '../../store/selectors';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon } from '../icons';
import { useSession } from '../session/context';

/** Play, Pause, Step, Reset. Keyboard: Space, S, R (see ../shortcuts.ts). */
export function RunControls() {
  const session = useSession();
  const canPlay = useLab(selectCanPlay);
  const canPause = useLab(selectCanPause);
  const canStep = useLab(selectCanStep);
  const canReset = useLab(selectCanReset);
  return (
    <div className="control-group" role="group" aria-label="Run">
      <button type="button" className="button primary" onClick={() => session.play()} disabled={!canPlay} aria-keyshortcuts="Space" title="Play (Space)">
        <PlayIcon />
        Play
      </button>
      <button type="button" className="button" onClick={() => session.pause()} disabled={!canPause} aria-keyshortcuts="Space" title="Pause (Space)">
        <PauseIcon />
        Pause
      </button>
      <button type="button" className="button" onClick={() => session.step()} disabled={!canStep} aria-keyshortcuts="S" title="Run to the next protocol event (S)">
        <StepIcon />
        Step
      </button>
      <button type="button" className="button" onClick={() => session.reset()} disabled={!canReset} aria-keyshortcuts="R" title="Start the run again from t = 0 (R)">
        <ResetIcon />
        Reset
      </button>
    </div>
  );
}
