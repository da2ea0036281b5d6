/**
 * Legend items of the cwnd charts: the lines, the references and a marker
 * for each event kind the run has had so far (so the legend explains every
 * mark on the chart, and only those).
 */
import { EVENT_KINDS, eventLabel } from '../event-kinds';
import { BDP_DASH, RECOVERY_WINDOW_DASH, RWND_DASH, SSTHRESH_DASH, type CwndReferences } from './cwnd-chart';
import { EVENT_MARKER_STYLES } from './event-markers';
import type { LegendItem } from './Legend';
import { SERIES_COLOURS } from './palette';

export const RWND_TITLE =
  'The receiver window (the flow’s tcp.window). ns-2’s agents, which this engine follows, do not cap cwnd at it: cwnd may grow above it, but no more than the receiver window is ever in flight.';

export function referenceLegend(refs: CwndReferences): LegendItem[] {
  const out: LegendItem[] = [];
  if (refs.rwnd !== null)
    out.push({ label: 'receiver window (cwnd may exceed it)', colour: SERIES_COLOURS.reference, kind: 'reference', dash: RWND_DASH, title: RWND_TITLE });
  if (refs.bdp !== null)
    out.push({
      label: 'BDP of the bottleneck',
      colour: SERIES_COLOURS.reference,
      kind: 'reference',
      dash: BDP_DASH,
      title: 'Bandwidth × base round trip, in packets: a window above it fills the bottleneck’s queue.',
    });
  return out;
}

export function windowLegend(colour: string, refs: CwndReferences, inflates: boolean): LegendItem[] {
  return [
    { label: 'cwnd', colour, kind: 'line' },
    { label: 'ssthresh', colour, kind: 'dashed', dash: SSTHRESH_DASH },
    ...(inflates ? [{ label: 'cwnd + inflation (fast recovery)', colour, kind: 'dashed' as const, dash: RECOVERY_WINDOW_DASH }] : []),
    ...referenceLegend(refs),
  ];
}

/** One marker item per event kind seen, in the event log's order. */
export function markerLegend(kinds: ReadonlySet<string>): LegendItem[] {
  return EVENT_KINDS.filter((k) => kinds.has(k) && EVENT_MARKER_STYLES[k]).map((k) => ({
    label: eventLabel(k).toLowerCase(),
    colour: EVENT_MARKER_STYLES[k].stroke !== 'none' ? EVENT_MARKER_STYLES[k].stroke : EVENT_MARKER_STYLES[k].fill,
    kind: 'marker' as const,
    marker: EVENT_MARKER_STYLES[k],
  }));
}

export const RECOVERY_BAND: LegendItem = { label: 'in recovery', colour: SERIES_COLOURS.recovery, kind: 'band' };
