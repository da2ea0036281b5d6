import { useLab } from './lab-context';
import { selectSampleCount, selectStatus } from '../store/selectors';
import type { RunStatus } from '../worker/protocol';

const STATUS_TEXT: Record<RunStatus, string> = {
  empty: 'No scenario',
  ready: 'Ready',
  playing: 'Playing',
  paused: 'Paused',
  stepping: 'Stepping',
  done: 'Finished',
  error: 'Stopped by an error',
};

export function StatusBar() {
  const status = useLab(selectStatus);
  const samples = useLab(selectSampleCount);
  return (
    <footer className="status-bar">
      <span className={`status-dot status-${status}`} aria-hidden="true" />
      <span data-testid="run-status" data-status={status}>
        {STATUS_TEXT[status]}
      </span>
      <span className="status-sep" aria-hidden="true">
        ·
      </span>
      <span>
        <span data-testid="sample-count">{samples}</span> samples
      </span>
      <span className="status-keys">
        <kbd>Space</kbd> play/pause <kbd>S</kbd> step <kbd>R</kbd> reset
      </span>
    </footer>
  );
}
