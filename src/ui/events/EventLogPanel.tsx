import { memo, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useStore } from 'zustand';
import { useLab } from '../lab-context';
import { selectRun } from '../../store/selectors';
import { timeAxis } from '../charts/time-axis';
import { flowStyle } from '../charts/palette';
import { EVENT_KINDS, eventLabel } from '../event-kinds';
import { useSession } from '../session/context';
import { filterEvents, visibleWindow, type EventFilter } from './event-filter';
import './events.css';

/** Row height in rem (the list is virtual: only the rows in view are in the page). */
const ROW_REM = 2;
/** While the run plays, the list re-renders at most this often (ms). */
const REFRESH_MS = 250;

/** The history's rows, re-read when it changes, at most every REFRESH_MS. */
function useHistoryVersion(): number {
  const { traces } = useSession();
  const [version, setVersion] = useState(traces.events.version);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | 0 = 0;
    let last = 0;
    const sync = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = 0;
          last = performance.now();
          setVersion(traces.events.version);
        },
        Math.max(0, REFRESH_MS - (performance.now() - last)),
      );
    };
    sync();
    const off = traces.subscribe(sync);
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [traces]);
  return version;
}

/**
 * A flow filter's options, one per flow of the run: rendered once per run,
 * not each time the list refreshes (a run of 110 flows re-rendered 110
 * options four times a second while its events streamed in).
 */
const FlowOptions = memo(function FlowOptions({ flowIds }: { flowIds: readonly string[] }) {
  return (
    <>
      {flowIds.map((f) => (
        <option key={f} value={f}>
          {f}
        </option>
      ))}
    </>
  );
});

/** The kind filter's options (they never change). */
const KindOptions = memo(function KindOptions() {
  return (
    <>
      {EVENT_KINDS.map((k) => (
        <option key={k} value={k}>
          {eventLabel(k).toLowerCase()}
        </option>
      ))}
    </>
  );
});

/**
 * Every protocol event of the run so far — time, flow, kind and the caption
 * — filterable by flow and kind. Choosing one (click, or arrow keys and
 * Enter) moves the charts' cursor there. Follows the newest event while the
 * run plays, unless the reader scrolls back.
 */
export function EventLogPanel({ fill = false }: { fill?: boolean }) {
  const { traces } = useSession();
  const run = useLab(selectRun);
  const version = useHistoryVersion();
  const cursor = useStore(timeAxis, (s) => s.cursor ?? null);
  const [filter, setFilter] = useState<EventFilter>({ flow: null, kind: null });
  const [follow, setFollow] = useState(true);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const [viewport, setViewport] = useState({ top: 0, height: 320, row: 32 });
  const id = useId();

  const rows = traces.events.rows;
  const shown = useMemo(() => filterEvents(rows, filter), [rows, filter, version]); // eslint-disable-line react-hooks/exhaustive-deps
  const flowIds = run?.flowIds ?? [];

  // A new run starts with nothing chosen (adjusted during render,
  // https://react.dev/learn/you-might-not-need-an-effect).
  const [runWas, setRunWas] = useState(run?.run);
  if (runWas !== run?.run) {
    setRunWas(run?.run);
    setActive(-1);
  }

  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const measure = () => {
      const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
      setViewport((v) => ({ ...v, height: el.clientHeight, row: ROW_REM * rem }));
    };
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // Follow live: keep the newest row in view.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (!el || !follow) return;
    el.scrollTop = el.scrollHeight;
  }, [follow, shown.length, viewport.row]);

  const onScroll = () => {
    const el = listRef.current;
    if (!el) return;
    const top = el.scrollTop;
    const atEnd = top + el.clientHeight >= el.scrollHeight - viewport.row;
    if (!atEnd && follow) setFollow(false);
    // Following, the rows shown are the newest wherever the list is scrolled
    // (below): the scroll that following makes at each refresh needs no
    // second render (it was one, 3 ms on the 110-flow dumbbell, four times a
    // second, in the frame's task).
    if (follow && atEnd) return;
    setViewport((v) => (v.top === top ? v : { ...v, top }));
  };

  // No longer following (scrolled back, a row chosen by key, the box
  // unticked): the rows shown follow the scroll position from here.
  useLayoutEffect(() => {
    const el = listRef.current;
    if (follow || !el) return;
    const top = el.scrollTop;
    setViewport((v) => (v.top === top ? v : { ...v, top }));
  }, [follow]);

  const choose = (k: number) => {
    const e = rows[shown[k]];
    if (!e) return;
    setActive(k);
    timeAxis.getState().setCursor(e.time_s, traces.now);
  };

  const moveTo = (k: number) => {
    const next = Math.max(0, Math.min(shown.length - 1, k));
    setActive(next);
    setFollow(false);
    const el = listRef.current;
    if (!el) return;
    const top = next * viewport.row;
    if (top < el.scrollTop) el.scrollTop = top;
    else if (top + viewport.row > el.scrollTop + el.clientHeight) el.scrollTop = top + viewport.row - el.clientHeight;
  };

  const onKey = (e: KeyboardEvent) => {
    const page = Math.max(1, Math.floor(viewport.height / viewport.row) - 1);
    const handled: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active < 0 ? shown.length - 1 : active - 1),
      PageDown: () => moveTo(active + page),
      PageUp: () => moveTo(active - page),
      Home: () => moveTo(0),
      End: () => moveTo(shown.length - 1),
      Enter: () => choose(active),
      ' ': () => choose(active),
    };
    const act = handled[e.key];
    if (!act || shown.length === 0) return;
    e.preventDefault();
    e.stopPropagation(); // not the page's shortcuts (Space, S, R)
    act();
  };

  const top = follow ? Math.max(0, shown.length * viewport.row - viewport.height) : viewport.top;
  const [first, last] = visibleWindow(shown.length, top, viewport.height, viewport.row);
  const activeId = active >= 0 && active < shown.length ? `${id}-row-${shown[active]}` : undefined;

  return (
    <section className={`event-log${fill ? ' fill' : ''}`} aria-labelledby={`${id}-title`} data-testid="event-log">
      <div className="event-log-head">
        <h2 id={`${id}-title`}>Event log</h2>
        <span className="event-log-count" aria-live="off">
          {shown.length} of {rows.length} events{traces.events.dropped > 0 ? ` (the first ${traces.events.dropped} let go)` : ''}
        </span>
        <label className="event-log-filter">
          Flow{' '}
          <select value={filter.flow ?? '*'} onChange={(e) => setFilter({ ...filter, flow: e.target.value === '*' ? null : e.target.value })} data-testid="event-log-flow">
            <option value="*">all</option>
            <FlowOptions flowIds={flowIds} />
            <option value="">links</option>
          </select>
        </label>
        <label className="event-log-filter">
          Kind{' '}
          <select value={filter.kind ?? '*'} onChange={(e) => setFilter({ ...filter, kind: e.target.value === '*' ? null : e.target.value })} data-testid="event-log-kind">
            <option value="*">all</option>
            <KindOptions />
          </select>
        </label>
        <label className="event-log-follow">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> Follow live
        </label>
        {cursor !== null && (
          <button type="button" className="link-button" onClick={() => timeAxis.getState().setCursor(null, traces.now)}>
            Clear the mark at t = {cursor.toFixed(3)} s
          </button>
        )}
      </div>
      <ul
        ref={listRef}
        className="event-log-list"
        role="listbox"
        tabIndex={0}
        aria-label="Protocol events: arrow keys move, Enter marks the event on the charts"
        aria-activedescendant={activeId}
        onKeyDown={onKey}
        onScroll={onScroll}
        onFocus={() => {
          if (active < 0 && shown.length > 0) setActive(shown.length - 1);
        }}
      >
        {shown.slice(first, last).map((index, j) => {
          const e = rows[index];
          const k = first + j;
          const flowIndex = flowIds.indexOf(e.flow);
          return (
            // The listbox has the focus and the keys (aria-activedescendant, WAI-ARIA
            // APG listbox); a click on a row chooses it.
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events
            <li
              key={index}
              id={`${id}-row-${index}`}
              role="option"
              aria-selected={k === active}
              className={`event-row${k === active ? ' active' : ''}${cursor === e.time_s ? ' marked' : ''}`}
              // The rows out of the window are margins on the first and last
              // row shown: padding on the list itself would grow its box past
              // its fixed height once it exceeded it (border-box sizing), so
              // the list showed, laid out and painted every row it rendered.
              style={{
                height: viewport.row,
                marginTop: j === 0 ? first * viewport.row : undefined,
                marginBottom: k === last - 1 ? (shown.length - last) * viewport.row : undefined,
              }}
              onClick={() => choose(k)}
              data-event={e.event}
              data-time={e.time_s}
            >
              <span className="event-time">{e.time_s.toFixed(4)} s</span>
              <span className="event-flow">
                {flowIndex >= 0 && <span className="event-flow-dot" style={{ background: flowStyle(flowIndex).colour }} aria-hidden="true" />}
                {e.flow || 'link'}
              </span>
              <span className={`event-kind caption-badge event-${e.event}`}>{eventLabel(e.event)}</span>
              <span className="event-detail" title={e.detail}>
                {e.detail}
              </span>
            </li>
          );
        })}
      </ul>
      {shown.length === 0 && (
        <p className="event-log-empty">{rows.length === 0 ? 'No protocol events yet: press Play or Step.' : 'No event matches the filter.'}</p>
      )}
    </section>
  );
}
