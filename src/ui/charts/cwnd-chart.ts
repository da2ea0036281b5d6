/**
 * The cwnd / ssthresh chart of one TCP flow, with its fast retransmits and
 * timeouts marked: the sawtooth every lesson starts from.
 */
import { symbolTriangle, symbolX } from 'd3';
import type { FlowTrace } from '../session/traces';
import { flowStyle, SERIES_COLOURS } from './palette';
import { recoveryPeriods } from './recovery-periods';
import { createTimeChart, type Chart, type ChartMarker, type MarkerStyle } from './time-chart';

/** Unit of a variant's trace column, from its name (the engine's naming convention). */
export function columnUnit(column: string): string {
  if (column.endsWith('_kbps')) return 'kbit/s';
  if (column.endsWith('_ms')) return 'ms';
  if (column.endsWith('_s')) return 's';
  return 'segments'; // vegas_diff, cubic_wmax, cubic_w_est
}

export function columnLabel(column: string): string {
  return `${column} (${columnUnit(column)})`;
}

export const VARIANT_TRACE_DASH = '2 3';

export const CWND_MARKER_STYLES: Record<string, MarkerStyle> = {
  fast_retransmit: { symbol: symbolTriangle, fill: SERIES_COLOURS.fastRetransmit, stroke: '#000000', strokeWidth: 1, size: 80 },
  // d3's X is drawn by its stroke alone
  timeout: { symbol: symbolX, fill: 'none', stroke: SERIES_COLOURS.timeout, strokeWidth: 2.5, size: 110 },
};

export const SSTHRESH_DASH = '7 4';
/** cwnd + inflation in fast recovery: thin, dotted, the cwnd's colour. */
export const RECOVERY_WINDOW_DASH = '1 3';

/**
 * Top of the value axis: room above the highest cwnd, and ssthresh only when
 * it is near the window. An unbounded initial ssthresh (the receiver window,
 * often 1000 segments) would otherwise flatten the sawtooth to a line; it is
 * simply drawn off the top until the first loss brings it down.
 */
export function cwndAxisTop(flow: FlowTrace | null, t0 = -Infinity, t1 = Infinity): number {
  if (!flow) return 10;
  const cwnd = Math.max(flow.cwnd.maxYBetween(t0, t1, 0), flow.recoveryWindow?.maxYBetween(t0, t1, 0) ?? 0);
  const ssthresh = flow.ssthresh.maxYBetween(t0, t1, 0);
  const top = Math.max(cwnd, ssthresh <= cwnd * 1.5 ? ssthresh : 0);
  return Math.max(4, top * 1.08);
}

export function createCwndChart(
  container: HTMLElement,
  flowLabel: string,
  flow: () => FlowTrace | null,
  /** end of the run so far, seconds */
  now: () => number,
  /** the variant's trace column drawn on the right axis, if any */
  variantColumn: string | null = null,
): Chart {
  return createTimeChart(container, {
    ariaLabel: () => {
      const f = flow();
      const last = f && f.cwnd.length ? f.cwnd.y(f.cwnd.length - 1) : NaN;
      const now = Number.isFinite(last) ? `, now ${last.toFixed(1)} segments` : '';
      return `Congestion window and slow-start threshold of ${flowLabel} over time${now}`;
    },
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    lines: [
      { key: 'ssthresh', colour: SERIES_COLOURS.ssthresh, dash: SSTHRESH_DASH, width: 2, buffer: () => flow()?.ssthresh ?? null },
      { key: 'cwnd', colour: SERIES_COLOURS.cwnd, width: 2.25, buffer: () => flow()?.cwnd ?? null },
      { key: 'recovery-window', colour: SERIES_COLOURS.cwnd, dash: RECOVERY_WINDOW_DASH, width: 1.75, buffer: () => flow()?.recoveryWindow ?? null },
    ],
    markers: () => flow()?.markers ?? [],
    markerStyles: CWND_MARKER_STYLES,
    bands: () => recoveryPeriods(flow()?.phases ?? [], now()),
    bandColour: SERIES_COLOURS.recovery,
    secondary: variantColumn
      ? {
          colour: SERIES_COLOURS.variantTrace,
          dash: VARIANT_TRACE_DASH,
          label: () => (flow()?.extra.get(variantColumn) ? columnLabel(variantColumn) : ''),
          buffer: () => flow()?.extra.get(variantColumn) ?? null,
        }
      : undefined,
    xMax: now,
    yMax: (t0, t1) => cwndAxisTop(flow(), t0, t1),
  });
}

export interface OverlayFlow {
  id: string;
  index: number;
}

/**
 * Every TCP flow's cwnd in one chart (colour, then dash, per flow), for
 * comparing flows: who backs off when, who grabs the bandwidth. Fast
 * retransmits and timeouts of all flows are marked; hovering one names its flow.
 */
export function createCwndOverlayChart(
  container: HTMLElement,
  lines: readonly OverlayFlow[],
  flows: () => readonly FlowTrace[],
  now: () => number,
): Chart {
  let cachedKey = '';
  let cached: ChartMarker[] = [];
  const markers = (): readonly ChartMarker[] => {
    const all = flows();
    const key = lines.map((l) => all[l.index]?.markers.length ?? 0).join(',') + (all[0]?.id ?? '');
    if (key !== cachedKey) {
      cachedKey = key;
      cached = lines
        .flatMap((l) => (all[l.index]?.markers ?? []).map((m) => ({ ...m, detail: `flow ${l.id}: ${m.detail}` })))
        .sort((a, b) => a.time - b.time);
    }
    return cached;
  };
  return createTimeChart(container, {
    ariaLabel: () => `Congestion windows of ${lines.length} TCP flows over time, one line per flow`,
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    lines: lines.map((l, k) => {
      const { colour, dash } = flowStyle(k);
      return { key: `cwnd-${l.id}`, colour, dash, width: 1.75, buffer: () => flows()[l.index]?.cwnd ?? null };
    }),
    markers,
    markerStyles: CWND_MARKER_STYLES,
    xMax: now,
    yMax: (t0, t1) => {
      let top = 0;
      for (const l of lines) top = Math.max(top, flows()[l.index]?.cwnd.maxYBetween(t0, t1, 0) ?? 0);
      return Math.max(4, top * 1.08);
    },
  });
}
