import { useLab } from './lab-context';
import { selectCaption, selectIsRunning } from '../store/selectors';
import { timeAxis } from './charts/time-axis';
import { eventLabel } from './event-kinds';
import { useSession } from './session/context';

/**
 * The last protocol event in words. It is a live region so a screen reader
 * reads each step's explanation; while the run plays it goes quiet
 * (aria-live off), or it would talk over the whole lecture.
 */
export function CaptionArea() {
  const caption = useLab(selectCaption);
  const running = useLab(selectIsRunning);
  const { traces } = useSession();
  return (
    <section className="caption" aria-label="What just happened" aria-live={running ? 'off' : 'polite'} aria-atomic="true" data-testid="caption">
      {caption ? (
        <>
          <span className={`caption-badge event-${caption.event}`}>{eventLabel(caption.event)}</span>
          <span className="caption-where">
            t = {caption.time.toFixed(3)} s{caption.flow ? ` · flow ${caption.flow}` : ''}
          </span>
          <button
            type="button"
            className="caption-zoom"
            data-testid="caption-zoom"
            onClick={() => timeAxis.getState().showAround(caption.time, traces.now)}
            title="Zoom every chart to the moments around this event"
          >
            Show on charts
          </button>
          <span className="caption-detail" data-testid="caption-detail">
            {caption.detail}
          </span>
        </>
      ) : (
        <span className="caption-hint">
          Press <kbd>Play</kbd> to run the scenario, or <kbd>Step</kbd> to stop at the next drop, fast retransmit or timeout and
          read what the sender does.
        </span>
      )}
    </section>
  );
}
