/**
 * The run's chart data on the main thread: one bounded ring buffer per chart
 * line, filled from the worker's batches. Charts read these directly and
 * redraw on `subscribe` notifications; React never sees the points.
 */
import type { EventRow } from '../../engine/output/rundata';
import { QUEUE_COLUMNS, type QueueId, type RunMeta, type SampleBatch } from '../../worker/protocol';
import { RingBuffer } from '../charts/ring-buffer';

/** Events drawn as markers on the cwnd charts. */
export type MarkerEvent = 'fast_retransmit' | 'timeout';
const MARKER_EVENTS: ReadonlySet<string> = new Set<MarkerEvent>(['fast_retransmit', 'timeout']);

export interface Marker {
  time: number;
  /** cwnd at the event, segments */
  y: number;
  event: MarkerEvent;
  detail: string;
}

export interface FlowTrace {
  id: string;
  cwnd: RingBuffer;
  ssthresh: RingBuffer;
  markers: Marker[];
}

export interface QueueTrace {
  id: QueueId;
  pkts: RingBuffer;
  redAvg: RingBuffer;
  /** running sum of queue_pkts, to find the busiest direction */
  sum: number;
}

/** Points per chart line: enough detail for a wide screen, small enough to redraw 30×/s. */
export const POINTS_PER_LINE = 2048;
/** Markers per flow before they are thinned (a lossy run can have thousands). */
export const MARKERS_PER_FLOW = 2000;

export class RunTraces {
  run = 0;
  duration = 0;
  sampleCount = 0;
  flows: FlowTrace[] = [];
  queues: QueueTrace[] = [];
  /** index into `queues` of the direction with the longest average queue so far, or -1 */
  busiest = -1;
  private cwndCol = -1;
  private ssthreshCol = -1;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly pointsPerLine = POINTS_PER_LINE) {}

  reset(meta: RunMeta): void {
    this.run = meta.run;
    this.duration = meta.duration;
    this.sampleCount = 0;
    this.busiest = -1;
    this.cwndCol = meta.seriesColumns.indexOf('cwnd');
    this.ssthreshCol = meta.seriesColumns.indexOf('ssthresh');
    this.flows = meta.flowIds.map((id) => ({
      id,
      cwnd: new RingBuffer(this.pointsPerLine),
      ssthresh: new RingBuffer(this.pointsPerLine),
      markers: [],
    }));
    this.queues = meta.queueIds.map((id) => ({
      id,
      pkts: new RingBuffer(this.pointsPerLine),
      redAvg: new RingBuffer(this.pointsPerLine),
      sum: 0,
    }));
    this.notify();
  }

  /** Add a batch of the current run; batches of an older run are ignored. Returns whether it was used. */
  append(batch: SampleBatch): boolean {
    if (batch.run !== this.run) return false;
    const { times } = batch;
    batch.flows.forEach((cols, f) => {
      const flow = this.flows[f];
      if (!flow) return;
      if (this.cwndCol >= 0) flow.cwnd.pushAll(times, cols[this.cwndCol]);
      if (this.ssthreshCol >= 0) flow.ssthresh.pushAll(times, cols[this.ssthreshCol]);
    });
    const pktsCol = QUEUE_COLUMNS.indexOf('queue_pkts');
    const redCol = QUEUE_COLUMNS.indexOf('red_avg');
    batch.queues.forEach((cols, q) => {
      const queue = this.queues[q];
      if (!queue) return;
      queue.pkts.pushAll(times, cols[pktsCol]);
      queue.redAvg.pushAll(times, cols[redCol]);
      for (const v of cols[pktsCol]) if (Number.isFinite(v)) queue.sum += v;
    });
    for (const e of batch.events) this.addMarker(e);
    this.sampleCount = batch.firstSample + times.length;
    this.updateBusiest();
    this.notify();
    return true;
  }

  /** Call `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private addMarker(e: EventRow): void {
    if (!MARKER_EVENTS.has(e.event)) return;
    const flow = this.flows.find((f) => f.id === e.flow);
    if (!flow) return;
    if (flow.markers.length >= MARKERS_PER_FLOW) flow.markers = flow.markers.filter((_, i) => i % 2 === 0);
    const y = e.cwnd ?? (flow.cwnd.length ? flow.cwnd.y(flow.cwnd.length - 1) : 0);
    flow.markers.push({ time: e.time_s, y, event: e.event as MarkerEvent, detail: e.detail });
  }

  /**
   * Switch the queue chart to another direction only when it is clearly
   * busier (10 %), so the chart does not flap between two similar queues.
   */
  private updateBusiest(): void {
    let best = this.busiest;
    for (let q = 0; q < this.queues.length; q++) {
      if (best < 0 || this.queues[q].sum > this.queues[best].sum * 1.1) best = q;
    }
    this.busiest = best;
  }

  private notify(): void {
    for (const l of this.listeners) l();
  }
}
