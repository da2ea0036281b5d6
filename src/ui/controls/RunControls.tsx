import { asDoc } from '../../store/edit-ops';
import { selectPending } from '../../store/editor';
import { selectCanPause, selectCanPlay, selectCanReset, selectCanStep, selectScenarioInput } from '../../store/selectors';
import { wordIssue } from '../../store/wording';
import { PauseIcon, PlayIcon, ResetIcon, StepIcon } from '../icons';
import { useLab, useLabStore } from '../lab-context';
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
      <button
        type="button"
        className="button primary"
        onClick={() => session.play()}
        disabled={!canPlay}
        aria-keyshortcuts="Space"
        aria-describedby="play-blocked"
        title="Play (Space)"
      >
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
      <PlayBlocked />
    </div>
  );
}

/** Why Play is off while a value in the editor is invalid: the first such value, a click away. */
function PlayBlocked() {
  const store = useLabStore();
  const pending = useLab(selectPending);
  const input = useLab(selectScenarioInput);
  const first = pending.find((p) => p.issues.length);
  if (!first) return <span id="play-blocked" hidden />;
  const w = wordIssue(first.issues[0]!, asDoc(input));
  const more = pending.length > 1 ? ` and ${pending.length - 1} more` : '';
  return (
    <span id="play-blocked" className="play-blocked" role="status" data-testid="play-blocked">
      <button type="button" className="issue-link" onClick={() => store.getState().requestFocus(w.path)} title={`${w.text} (click to fix)`}>
        Play waits for a fix: {w.where}
        {more}
      </button>
    </span>
  );
}
