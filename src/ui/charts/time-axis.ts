/**
 * The time axis every time chart of the Lab view shares. Three states:
 * - follow the whole run so far (the default): from 0 to the next round
 *   number at or after the newest data (niceEnd), so the axis stands still
 *   while the data grows into it and steps out now and then, instead of
 *   squeezing every frame (calmer to read, and the charts then only draw the
 *   new data, time-chart.ts);
 * - follow live, the last `span` seconds: zooming in while the run plays
 *   keeps the newest data at the right edge, like an oscilloscope;
 * - a fixed window [t0, t1]: zooming while paused, or any pan, holds the view
 *   still until "Follow live" or "Whole run".
 * One tiny vanilla Zustand store, so D3 charts read and subscribe to it
 * without React.
 *
 * The arithmetic lives in pure functions (tested in time-axis.test.ts); the
 * store's actions only apply them to the domain the charts currently show.
 */
import { createStore } from 'zustand/vanilla';

export type Domain = readonly [number, number];

export interface TimeAxisState {
  /** a window held still; null = following the run */
  fixed: Domain | null;
  /** while following: show only the last `span` seconds; null = the whole run */
  span?: number | null;
  /** the run is playing: zooming follows the live edge instead of fixing a window */
  live?: boolean;
  /** the run's duration: following never shows past it */
  limit?: number;
  /** a moment marked on every chart (an event chosen in the event log), seconds; null = none */
  cursor?: number | null;
}

/** Narrowest window one can zoom into, seconds (a few packet times on a fast link). */
export const MIN_SPAN = 1e-4;
/** Follow mode never shows less than this much time, so t = 0 is not a degenerate axis. */
export const FOLLOW_MIN_END = 0.1;
/** One wheel notch or button press zooms by this factor. */
export const ZOOM_STEP = 1.5;

/**
 * Where the followed axis ends: 1, 2, 3, 5 × 10^k. Each step out redraws
 * every chart in full (6–15 ms of drawing each at a hundred flows), so the
 * steps are few, four per decade; after one the run still fills at least
 * half the width.
 */
const NICE_STEPS = [1, 2, 3, 5, 10];

/** The smallest of 1, 2, 3, 5 × 10^k that is ≥ t. */
export function niceEnd(t: number): number {
  if (!(t > 0)) return 0;
  const p = 10 ** Math.floor(Math.log10(t));
  for (const s of NICE_STEPS) {
    const v = +(s * p).toPrecision(12);
    // tolerate floating-point noise: 0.3 is 3 × 0.1
    if (v >= t * (1 - 1e-12)) return Math.max(v, t);
  }
  return 10 * p;
}

/** The domain in follow mode: the run from 0 to the round number after `end` (the newest sample), within `limit`. */
export function followDomain(end: number, limit = Infinity): Domain {
  const e = Math.max(end, FOLLOW_MIN_END);
  return [0, Math.max(e, Math.min(niceEnd(e), limit))];
}

/** The last `span` seconds up to `end` (from 0 until the run is that long). */
export function liveDomain(end: number, span: number): Domain {
  return [Math.max(0, end - span), Math.max(end, span)];
}

/** The domain charts draw now, given the run's end so far. */
export function currentDomain(state: TimeAxisState, end: number): Domain {
  if (state.fixed) return state.fixed;
  return state.span ? liveDomain(end, state.span) : followDomain(end, state.limit ?? Infinity);
}

/** What the axis shows, in words (the toolbar's note). */
export function describeAxis(state: TimeAxisState): string {
  if (state.fixed) return `${state.fixed[0].toFixed(3)}–${state.fixed[1].toFixed(3)} s`;
  if (state.span) return `last ${formatSpan(state.span)}, live`;
  return 'whole run';
}

function formatSpan(s: number): string {
  if (s >= 1) return `${+s.toPrecision(3)} s`;
  return `${+(s * 1000).toPrecision(3)} ms`;
}

/**
 * Zoom by `factor` (> 1 zooms in) keeping time `center` at the same place on
 * screen, then keep the window inside [0, max(end, its own end)] so one cannot
 * zoom out into negative time.
 */
export function zoomDomain(domain: Domain, factor: number, center: number, end: number): Domain {
  const [a, b] = domain;
  const c = Math.min(b, Math.max(a, Number.isFinite(center) ? center : (a + b) / 2));
  const span = Math.max(MIN_SPAN, (b - a) / factor);
  const left = (c - a) / (b - a || 1);
  return clampDomain([c - left * span, c - left * span + span], end);
}

/** Move the window by `dt` seconds (positive = later), keeping its width. */
export function panDomain(domain: Domain, dt: number, end: number): Domain {
  return clampDomain([domain[0] + dt, domain[1] + dt], end);
}

/** Shift (not squeeze) a window into [0, max(end, FOLLOW_MIN_END)]; a window wider than that becomes all of it. */
export function clampDomain(domain: Domain, end: number): Domain {
  const hi = Math.max(end, FOLLOW_MIN_END);
  const span = Math.min(domain[1] - domain[0], hi);
  let a = domain[0];
  if (a + span > hi) a = hi - span;
  if (a < 0) a = 0;
  return [a, a + span];
}

/** Width of the window "Show on charts" opens around an event: a tenth of the run so far, within 0.2–2 s. */
export function aroundWidth(end: number): number {
  return Math.min(2, Math.max(0.2, end / 10));
}

/** Is the window the whole run (then follow mode is the better state)? */
function coversRun(domain: Domain, end: number): boolean {
  const hi = Math.max(end, FOLLOW_MIN_END);
  return domain[0] <= 0 && domain[1] >= hi * (1 - 1e-9);
}

export interface TimeAxisActions {
  /**
   * Zoom in (factor > 1) or out. While following a playing run the right
   * edge stays at the newest data; otherwise around `center` (default: middle).
   */
  zoom(factor: number, end: number, center?: number): void;
  pan(dt: number, end: number): void;
  /** Back to follow mode: the whole run. */
  reset(): void;
  /** Follow the newest data again, keeping the current window's width. */
  followLive(end: number): void;
  setLive(live: boolean): void;
  /** The run's duration (follow mode never shows past it). */
  setLimit(limit: number): void;
  /** Hold a window around time `t` (an event the caption explains), wide enough to see what led to it. */
  showAround(t: number, end: number): void;
  /** Mark time `t` on every chart (null: no mark); the window moves to it when it is out of view. */
  setCursor(t: number | null, end: number): void;
}

export type TimeAxisStore = ReturnType<typeof createTimeAxisStore>;

export function createTimeAxisStore() {
  return createStore<TimeAxisState & TimeAxisActions>()((set, get) => ({
    fixed: null,
    span: null,
    live: false,
    cursor: null,
    zoom(factor, end, center) {
      const s = get();
      const d = currentDomain(s, end);
      if (s.live && s.fixed === null) {
        // Zoom from the data shown, not the axis: just after the followed axis
        // steps out (0.31 s of run on a 0–0.5 s axis) a third off the axis
        // would still hold the whole run, and Zoom in would do nothing.
        const shown = Math.min(d[1] - d[0], Math.max(end, FOLLOW_MIN_END));
        const span = Math.max(MIN_SPAN, shown / factor);
        set({ span: span >= Math.max(end, FOLLOW_MIN_END) ? null : span });
        return;
      }
      const next = zoomDomain(d, factor, center ?? (d[0] + d[1]) / 2, end);
      if (factor < 1 && coversRun(next, end)) set({ fixed: null, span: null });
      else set({ fixed: next, span: null });
    },
    pan(dt, end) {
      const s = get();
      const d = currentDomain(s, end);
      const next = panDomain(d, dt, end);
      // Panning in follow mode (whole run shown) has nowhere to go.
      if (s.fixed === null && coversRun(next, end)) return;
      set({ fixed: next, span: null });
    },
    reset() {
      const s = get();
      if (s.fixed !== null || s.span) set({ fixed: null, span: null });
    },
    followLive(end) {
      const s = get();
      if (s.fixed === null) return;
      const width = s.fixed[1] - s.fixed[0];
      set({ fixed: null, span: width >= Math.max(end, FOLLOW_MIN_END) * (1 - 1e-9) ? null : width });
    },
    setLive(live) {
      if (get().live !== live) set({ live });
    },
    setLimit(limit) {
      if (get().limit !== limit) set({ limit });
    },
    showAround(t, end) {
      const width = aroundWidth(end);
      set({ fixed: clampDomain([t - 0.6 * width, t + 0.4 * width], Math.max(end, t)), span: null });
    },
    setCursor(t, end) {
      if (t === null) {
        if (get().cursor !== null) set({ cursor: null });
        return;
      }
      const [a, b] = currentDomain(get(), end);
      set({ cursor: t });
      if (t < a || t > b) get().showAround(t, end);
    },
  }));
}

/** The Lab view's one shared axis. */
export const timeAxis = createTimeAxisStore();
