import type { ReactNode } from 'react';
import { useStore } from 'zustand';
import { chartOptions } from '../../store/chart-options';
import { useSession } from '../session/context';
import { describeAxis, timeAxis, ZOOM_STEP } from './time-axis';

/** Zoom buttons for the shared time axis (wheel, drag and +/-/0 on a chart do the same), and chart options. */
export function ChartToolbar({ children, hint = true }: { children?: ReactNode; hint?: boolean }) {
  const { traces } = useSession();
  const fixed = useStore(timeAxis, (s) => s.fixed);
  const span = useStore(timeAxis, (s) => s.span ?? null);
  const bdp = useStore(chartOptions, (s) => s.bdp);
  const axis = timeAxis.getState();
  return (
    <div className="chart-toolbar" role="toolbar" aria-label="Time axis and chart options">
      <span className="chart-toolbar-group">
        <button type="button" onClick={() => axis.zoom(ZOOM_STEP, traces.now)} aria-keyshortcuts="+">
          Zoom in
        </button>
        <button type="button" onClick={() => axis.zoom(1 / ZOOM_STEP, traces.now)} aria-keyshortcuts="-">
          Zoom out
        </button>
        <button
          type="button"
          aria-pressed={fixed === null}
          onClick={() => axis.followLive(traces.now)}
          title="Keep the newest data in view: the whole run, or the last seconds when zoomed in"
        >
          Follow live
        </button>
        <button type="button" onClick={() => axis.reset()} disabled={fixed === null && span === null} aria-keyshortcuts="0">
          Whole run
        </button>
      </span>
      <span className="chart-toolbar-note" data-testid="time-window">
        {describeAxis({ fixed, span })}
      </span>
      <span className="chart-toolbar-group">
        <button
          type="button"
          aria-pressed={bdp}
          onClick={() => chartOptions.getState().setBdp(!bdp)}
          title="Draw the bottleneck’s bandwidth-delay product on the cwnd charts"
          data-testid="bdp-toggle"
        >
          BDP line
        </button>
      </span>
      {children}
      {hint && <span className="chart-toolbar-hint">Wheel: zoom · drag: pan · on a focused chart + − zoom, ← → pan, 0 whole run</span>}
    </div>
  );
}
