/**
 * The job running (progress bar, time elapsed and left, Cancel) or, once it
 * is over, how it ended: done, cancelled (nothing kept) or failed.
 */
import { useEffect, useRef, useState } from 'react';
import { experimentActions, useExperiment } from './hooks';
import type { ExperimentMode } from '../../store/experiment/experiment-store';

function secs(ms: number): string {
  const s = ms / 1000;
  return s < 10 ? `${s.toFixed(1)} s` : s < 120 ? `${Math.round(s)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

export function JobStatus({ mode }: { mode: ExperimentMode }) {
  const job = useExperiment((s) => s.job);
  const notice = useExperiment((s) => s.notice);
  const [now, setNow] = useState(() => performance.now());
  const ref = useRef<HTMLDivElement>(null);
  const started = job?.startedAt;

  // A job started from the bottom of the form (or a paper table's Run) shows its progress where the eye is not: bring it into view.
  useEffect(() => {
    const el = ref.current;
    if (started === undefined || !el) return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [started]);

  useEffect(() => {
    if (!job) return;
    const t = setInterval(() => setNow(performance.now()), 250);
    return () => clearInterval(t);
  }, [job]);

  if (job) {
    const elapsed = Math.max(0, now - job.startedAt);
    const pct = job.total ? Math.floor((100 * job.done) / job.total) : 0;
    const left = job.done > 0 && job.done < job.total ? (elapsed / job.done) * (job.total - job.done) : null;
    const what = job.kind === 'sweep' ? 'Sweep' : 'Comparison';
    return (
      <div className="exp-job" data-testid="job-status" data-state="running" ref={ref}>
        <div className="exp-job-line">
          <strong>{what} running</strong>
          <span className="exp-job-name">{job.name}</span>
          <button type="button" className="button small" onClick={() => experimentActions().cancel()}>
            Cancel
          </button>
        </div>
        <div
          className="exp-progress"
          role="progressbar"
          aria-label={`${what} progress`}
          aria-valuemin={0}
          aria-valuemax={job.total}
          aria-valuenow={job.done}
          aria-valuetext={`${job.done} of ${job.total} runs`}
          data-testid="job-progress"
        >
          <div className="exp-progress-fill" style={{ width: `${pct}%` }} />
        </div>
        <div className="exp-job-numbers">
          {job.done} of {job.total} runs · {pct} % · {secs(elapsed)} elapsed
          {left !== null ? `, about ${secs(left)} left` : ''}
          {job.workers ? ` · ${job.workers} worker${job.workers === 1 ? '' : 's'}` : ''}
        </div>
      </div>
    );
  }
  if (notice && notice.job === mode) {
    return (
      <div className={`exp-notice exp-notice-${notice.kind}`} role="status" data-testid="job-status" data-state={notice.kind}>
        <div className="exp-notice-text">
          {notice.text}
          {notice.runs !== undefined && (
            <div
              className="exp-progress done"
              role="progressbar"
              aria-label={`${notice.job === 'sweep' ? 'Sweep' : 'Comparison'} progress`}
              aria-valuemin={0}
              aria-valuemax={notice.runs}
              aria-valuenow={notice.runs}
              aria-valuetext={`${notice.runs} of ${notice.runs} runs`}
              data-testid="job-progress"
            >
              <div className="exp-progress-fill" style={{ width: '100%' }} />
            </div>
          )}
          {notice.lines && (
            <ul>
              {notice.lines.map((l, k) => (
                <li key={k}>{l}</li>
              ))}
            </ul>
          )}
        </div>
        <button type="button" className="button small ghost" aria-label="Dismiss" onClick={() => experimentActions().dismissNotice()}>
          ×
        </button>
      </div>
    );
  }
  return null;
}
