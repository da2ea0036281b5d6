/**
 * The cwnd / ssthresh chart of one TCP flow (or of several flows in one),
 * with every protocol event marked: the sawtooth every lesson starts from.
 *
 * What the value axis shows, so the chart tells the truth at every instant:
 * - always cwnd (and cwnd + inflation in fast recovery);
 * - ssthresh while it is finite, the receiver window and, when asked, the
 *   bottleneck's BDP — so that during slow start the line cwnd grows towards
 *   is on the chart, not only in the legend;
 * - except a value far above the window (more than REACH × cwnd and above
 *   FLOOR segments: the initial ssthresh of a 1000-segment receiver window),
 *   which would flatten the sawtooth to a line. Such a reference is named by
 *   a tag at the top edge instead, and ssthresh values above the axis are
 *   left out of the line (a gap), never drawn along the edge.
 *
 * cwnd above the receiver window is drawn as it is: ns-2's agents (which the
 * engine follows) do not cap cwnd_ at window_, only what is sent; the legend
 * says so.
 */
import type { FlowTrace, Marker } from '../session/traces';
import { EVENT_MARKER_STYLES } from './event-markers';
import { flowStyle, SERIES_COLOURS } from './palette';
import { recoveryPeriods } from './recovery-periods';
import { createTimeChart, type Chart, type ChartLine, type ChartMarker, type ReferenceLine } from './time-chart';

/** Unit of a variant's trace column, from its name (the engine's naming convention). */
export function columnUnit(column: string): string {
  if (column.endsWith('_kbps')) return 'kbit/s';
  if (column.endsWith('_ms')) return 'ms';
  if (column.endsWith('_s')) return 's';
  if (column.endsWith('_gain')) return '×'; // bbr_pacing_gain, bbr_cwnd_gain
  if (column === 'bbr_state') return '0 STARTUP, 1 DRAIN, 2 PROBE_BW, 3 PROBE_RTT';
  if (column === 'cubic_hystart') return '0 slow start, 1 CSS, 2 done';
  return 'segments'; // vegas_diff, cubic_wmax, cubic_w_est
}

export function columnLabel(column: string): string {
  return `${column} (${columnUnit(column)})`;
}

export const VARIANT_TRACE_DASH = '2 3';
export const SSTHRESH_DASH = '7 4';
/** cwnd + inflation in fast recovery: thin, dotted, the cwnd's colour. */
export const RECOVERY_WINDOW_DASH = '1 3';
export const RWND_DASH = '10 3 2 3';
export const BDP_DASH = '3 3';

/** A reference is left off the axis when above REACH × the highest cwnd shown and above FLOOR segments. */
export const REACH = 8;
export const FLOOR = 100;

/** The horizontal references of a cwnd chart, in segments (null: none). */
export interface CwndReferences {
  /** the receiver window (the flow's `tcp.window`) */
  rwnd: number | null;
  /** the bottleneck's bandwidth-delay product, when shown */
  bdp: number | null;
}

/** Whether a reference value `v` belongs on an axis whose data reaches `cwnd`. */
export function withinReach(v: number, cwnd: number): boolean {
  return Number.isFinite(v) && v > 0 && v <= Math.max(REACH * cwnd, FLOOR);
}

/**
 * Top of the value axis for the window [t0, t1]: room above the highest of
 * cwnd, ssthresh and the references within reach (see the file's header).
 */
export function cwndAxisTop(flows: readonly (FlowTrace | null | undefined)[], refs: CwndReferences, t0 = -Infinity, t1 = Infinity, withSsthresh = true): number {
  let cwnd = 0;
  let ssthresh = 0;
  for (const flow of flows) {
    if (!flow) continue;
    cwnd = Math.max(cwnd, flow.cwnd.maxYBetween(t0, t1, 0), flow.recoveryWindow?.maxYBetween(t0, t1, 0) ?? 0);
    if (withSsthresh) ssthresh = Math.max(ssthresh, flow.ssthresh.maxYBetween(t0, t1, 0));
  }
  let top = cwnd;
  for (const v of [ssthresh, refs.rwnd ?? NaN, refs.bdp ?? NaN]) if (withinReach(v, cwnd)) top = Math.max(top, v);
  return Math.max(4, top * 1.08);
}

export function referenceLines(refs: CwndReferences): ReferenceLine[] {
  const out: ReferenceLine[] = [];
  if (refs.rwnd !== null) out.push({ y: refs.rwnd, colour: SERIES_COLOURS.reference, dash: RWND_DASH, label: `receiver window ${fmt(refs.rwnd)}` });
  if (refs.bdp !== null) out.push({ y: refs.bdp, colour: SERIES_COLOURS.reference, dash: BDP_DASH, label: `BDP ${fmt(refs.bdp)}` });
  return out;
}

const fmt = (v: number) => String(Math.round(v * 10) / 10);

/**
 * Marker lists merged in time order, kept up to date incrementally: the
 * lists grow by appending (events arrive in time order), so the markers new
 * since the last call are sorted and appended; only a list replaced (thinned)
 * or an out-of-order arrival rebuilds the whole merge. `keep` filters
 * markers out (the drops of many flows in one chart).
 */
export function mergedMarkers(
  lists: () => readonly (readonly Marker[])[],
  label?: (k: number) => string,
  keep: (m: Marker) => boolean = () => true,
): () => readonly ChartMarker[] {
  let seenLists: (readonly Marker[])[] = [];
  let seenLengths: number[] = [];
  let merged: ChartMarker[] = [];
  const tag = (m: Marker, k: number): ChartMarker => (label ? { ...m, detail: `${label(k)}: ${m.detail}` } : m);
  const rebuild = (all: readonly (readonly Marker[])[]) => {
    merged = all.flatMap((l, k) => l.filter(keep).map((m) => tag(m, k))).sort((a, b) => a.time - b.time);
  };
  return () => {
    const all = lists();
    const sameLists = all.length === seenLists.length && all.every((l, k) => l === seenLists[k] && l.length >= seenLengths[k]);
    if (!sameLists) rebuild(all);
    else {
      const fresh: ChartMarker[] = [];
      all.forEach((l, k) => {
        for (let i = seenLengths[k]; i < l.length; i++) if (keep(l[i])) fresh.push(tag(l[i], k));
      });
      if (fresh.length > 0) {
        fresh.sort((a, b) => a.time - b.time);
        if (merged.length === 0 || fresh[0].time >= merged[merged.length - 1].time) for (const m of fresh) merged.push(m);
        else rebuild(all);
      }
    }
    seenLists = [...all];
    seenLengths = all.map((l) => l.length);
    return merged;
  };
}

export interface CwndChartOptions {
  /** the flow's index in the run (its colour) */
  flowIndex: number;
  /** the variant's trace column drawn on the right axis, if any */
  variantColumn?: string | null;
  references(): CwndReferences;
  /** link events (drawn on every flow's chart) */
  linkMarkers?(): readonly Marker[];
}

export function createCwndChart(
  container: HTMLElement,
  flowLabel: string,
  flow: () => FlowTrace | null,
  /** end of the run so far, seconds */
  now: () => number,
  options: CwndChartOptions,
): Chart {
  const { colour } = flowStyle(options.flowIndex);
  const variantColumn = options.variantColumn ?? null;
  const markers = mergedMarkers(() => [flow()?.markers ?? [], options.linkMarkers?.() ?? []]);
  return createTimeChart(container, {
    ariaLabel: () => {
      const f = flow();
      const last = f && f.cwnd.length ? f.cwnd.y(f.cwnd.length - 1) : NaN;
      const ss = f && f.ssthresh.length ? f.ssthresh.y(f.ssthresh.length - 1) : NaN;
      const now = Number.isFinite(last) ? `, now ${last.toFixed(1)} segments` : '';
      const thresh = Number.isFinite(ss) ? `, ssthresh ${ss.toFixed(1)}` : '';
      return `Congestion window and slow-start threshold of ${flowLabel} over time${now}${thresh}`;
    },
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    lines: [
      { key: 'ssthresh', colour, dash: SSTHRESH_DASH, width: 2, clipAbove: true, buffer: () => flow()?.ssthresh ?? null },
      { key: 'cwnd', colour, width: 2.5, buffer: () => flow()?.cwnd ?? null },
      { key: 'recovery-window', colour, dash: RECOVERY_WINDOW_DASH, width: 1.75, buffer: () => flow()?.recoveryWindow ?? null },
    ],
    markers,
    markerStyles: EVENT_MARKER_STYLES,
    referenceLines: () => referenceLines(options.references()),
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
    yMax: (t0, t1) => cwndAxisTop([flow()], options.references(), t0, t1),
  });
}

export interface OverlayFlow {
  id: string;
  /** the flow's index in the run */
  index: number;
}

/** Beyond this many flows in one chart, their ssthresh lines and drop marks are left out (a thicket otherwise). */
export const OVERLAY_SSTHRESH_FLOWS = 4;

/**
 * Several TCP flows' cwnd in one chart (each in its own colour, ssthresh
 * dashed in the same colour for up to OVERLAY_SSTHRESH_FLOWS flows), for
 * comparing flows: who backs off when, who grabs the bandwidth. Every flow's
 * events are marked (drops only up to OVERLAY_SSTHRESH_FLOWS flows);
 * hovering one names its flow.
 */
export function createCwndOverlayChart(
  container: HTMLElement,
  lines: readonly OverlayFlow[],
  flows: () => readonly FlowTrace[],
  now: () => number,
  references: () => CwndReferences,
  linkMarkers: () => readonly Marker[] = () => [],
): Chart {
  const withSsthresh = lines.length <= OVERLAY_SSTHRESH_FLOWS;
  // Many flows' drops would bury the chart (and cost every redraw): the queue chart shows where losses happen.
  const markers = mergedMarkers(
    () => [...lines.map((l) => flows()[l.index]?.markers ?? []), linkMarkers()],
    (k) => (k < lines.length ? `flow ${lines[k].id}` : 'link'),
    withSsthresh ? undefined : (m) => m.event !== 'drop',
  );
  const chartLines: ChartLine[] = lines.flatMap((l) => {
    const { colour, dash } = flowStyle(l.index);
    const cwnd: ChartLine = { key: `cwnd-${l.id}`, colour, dash, width: 2, buffer: () => flows()[l.index]?.cwnd ?? null };
    if (!withSsthresh) return [cwnd];
    return [{ key: `ssthresh-${l.id}`, colour, dash: SSTHRESH_DASH, width: 1.5, clipAbove: true, buffer: () => flows()[l.index]?.ssthresh ?? null }, cwnd];
  });
  return createTimeChart(container, {
    ariaLabel: () => `Congestion windows of ${lines.length} TCP flows over time, one line per flow`,
    xLabel: 'time (s)',
    yLabel: 'cwnd (segments)',
    lines: chartLines,
    markers,
    markerStyles: EVENT_MARKER_STYLES,
    referenceLines: () => referenceLines(references()),
    xMax: now,
    yMax: (t0, t1) => cwndAxisTop(lines.map((l) => flows()[l.index]), references(), t0, t1, withSsthresh),
  });
}
