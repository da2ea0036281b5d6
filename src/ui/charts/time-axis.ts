/**
 * The time axis every time chart of the Lab view shares: "follow" (the whole
 * run so far, growing as it plays) until the user zooms or pans, then a fixed
 * window [t0, t1] until "Whole run". One tiny vanilla Zustand store, so D3
 * charts read and subscribe to it without React.
 *
 * The arithmetic lives in pure functions (tested in time-axis.test.ts); the
 * store's actions only apply them to the domain the charts currently show.
 */
import { createStore } from 'zustand/vanilla';

export type Domain = readonly [number, number];

export interface TimeAxisState {
  /** null = follow the whole run so far */
  fixed: Domain | null;
}

/** Narrowest window one can zoom into, seconds (a few packet times on a fast link). */
export const MIN_SPAN = 1e-4;
/** Follow mode never shows less than this much time, so t = 0 is not a degenerate axis. */
export const FOLLOW_MIN_END = 0.1;
/** One wheel notch or button press zooms by this factor. */
export const ZOOM_STEP = 1.5;

/** The domain in follow mode: the run from 0 to `end` (the newest sample). */
export function followDomain(end: number): Domain {
  return [0, Math.max(end, FOLLOW_MIN_END)];
}

/** The domain charts draw now, given the run's end so far. */
export function currentDomain(state: TimeAxisState, end: number): Domain {
  return state.fixed ?? followDomain(end);
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

/** Is the window the whole run (then follow mode is the better state)? */
function coversRun(domain: Domain, end: number): boolean {
  const hi = Math.max(end, FOLLOW_MIN_END);
  return domain[0] <= 0 && domain[1] >= hi * (1 - 1e-9);
}

export interface TimeAxisActions {
  /** Zoom in (factor > 1) or out around `center` (default: middle of the window). */
  zoom(factor: number, end: number, center?: number): void;
  pan(dt: number, end: number): void;
  /** Back to follow mode: the whole run. */
  reset(): void;
}

export type TimeAxisStore = ReturnType<typeof createTimeAxisStore>;

export function createTimeAxisStore() {
  return createStore<TimeAxisState & TimeAxisActions>()((set, get) => ({
    fixed: null,
    zoom(factor, end, center) {
      const d = currentDomain(get(), end);
      const next = zoomDomain(d, factor, center ?? (d[0] + d[1]) / 2, end);
      set({ fixed: factor < 1 && coversRun(next, end) ? null : next });
    },
    pan(dt, end) {
      const d = currentDomain(get(), end);
      const next = panDomain(d, dt, end);
      // Panning in follow mode (whole run shown) has nowhere to go.
      if (get().fixed === null && coversRun(next, end)) return;
      set({ fixed: next });
    },
    reset() {
      if (get().fixed !== null) set({ fixed: null });
    },
  }));
}

/** The Lab view's one shared axis. */
export const timeAxis = createTimeAxisStore();
