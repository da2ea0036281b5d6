import { useLab } from './lab-context';
import { selectStatus } from '../store/selectors';
import type { LabState } from '../store/lab-store';
import { useLiveNode, writeText } from './controls/live-node';
import type { RunStatus } from '../worker/protocol';

const samplesText = (s: LabState) => String(s.sampleCount);

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
  const samples = useLiveNode<HTMLSpanElement, string>(samplesText, writeText);
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
        <span data-testid="sample-count" ref={samples} /> samples
      </span>
      <span className="status-keys">
        <kbd>Space</kbd> play/pause <kbd>S</kbd> step <kbd>R</kbd> reset
      </span>
    </footer>
  );
}
