/**
 * A chart legend in HTML (not SVG), so it wraps, scales with large text and reads as a list.
 *
 * A chart of many flows (the 110-flow dumbbell) has an entry per flow: all of
 * them would fill a laptop screen before the chart begins, and hundreds of
 * swatches are painted, laid out and composited with the page on every frame
 * the charts stream. Beyond FOLD_OVER flow entries the legend shows the first
 * FOLDED_SHOWN and a button for the rest; the entries after the flows (the
 * references and event markers, which explain the chart's marks) are always
 * shown. Folded entries stay in the list, hidden (`hidden`: no layout, no
 * paint), so a saved picture still carries the whole legend.
 */
import { memo, useState } from 'react';
import { symbol } from 'd3';
import type { MarkerStyle } from './chart-spec';

export interface LegendItem {
  label: string;
  colour: string;
  kind: 'line' | 'dashed' | 'area' | 'reference' | 'band' | 'dot' | 'marker';
  dash?: string;
  /** the shape, for kind 'marker' (the same style the chart draws) */
  marker?: MarkerStyle;
  /** a longer explanation (the item's tooltip) */
  title?: string;
}

/** More flow entries than this are folded… */
export const FOLD_OVER = 24;
/** …to this many, until the reader asks for all. */
export const FOLDED_SHOWN = 12;

/**
 * `flows`: the first `flows` items are one line per flow (the ones that may be
 * folded); 0 (the default) never folds. `noun` names them on the button.
 */
export function Legend({ items, testId, flows = 0, noun = 'flows' }: { items: LegendItem[]; testId?: string; flows?: number; noun?: string }) {
  const [open, setOpen] = useState(false);
  const foldable = flows > FOLD_OVER;
  const shown = foldable && !open ? FOLDED_SHOWN : Infinity;
  const more = flows - FOLDED_SHOWN;
  return (
    <ul className="legend" aria-label="Legend" data-testid={testId}>
      {items.slice(0, flows).map((item, i) => (
        <Entry key={item.label} item={item} hidden={i >= shown} />
      ))}
      {foldable && (
        <li className="legend-more">
          <button type="button" className="legend-more-button" aria-expanded={open} onClick={() => setOpen(!open)} data-testid={testId ? `${testId}-more` : undefined}>
            {open ? `Show only ${FOLDED_SHOWN} ${noun}` : `+ ${more} more ${noun}`}
          </button>
        </li>
      )}
      {items.slice(flows).map((item) => (
        <Entry key={item.label} item={item} hidden={false} />
      ))}
    </ul>
  );
}

/** One entry; re-rendered only when what it shows changes (a legend of 110 flows re-renders often as event kinds appear). */
const Entry = memo(
  function Entry({ item, hidden }: { item: LegendItem; hidden: boolean }) {
    return (
      <li title={item.title} data-colour={item.colour} hidden={hidden}>
        <Swatch item={item} />
        {item.label}
      </li>
    );
  },
  (a, b) => a.hidden === b.hidden && sameItem(a.item, b.item),
);

function sameItem(a: LegendItem, b: LegendItem): boolean {
  return a.label === b.label && a.colour === b.colour && a.kind === b.kind && a.dash === b.dash && a.marker === b.marker && a.title === b.title;
}

function Swatch({ item }: { item: LegendItem }) {
  const { colour } = item;
  return (
    <svg className="legend-swatch" viewBox="0 0 24 12" aria-hidden="true">
      {item.kind === 'area' && <rect x="1" y="3" width="22" height="9" fill={colour} fillOpacity={0.25} />}
      {(item.kind === 'line' || item.kind === 'area') && <line x1="1" x2="23" y1="4" y2="4" stroke={colour} strokeWidth="2.5" />}
      {(item.kind === 'dashed' || item.kind === 'reference') && (
        <line x1="1" x2="23" y1="6" y2="6" stroke={colour} strokeWidth="2.5" strokeDasharray={item.dash ?? '6 3'} />
      )}
      {item.kind === 'band' && <rect x="4" y="0" width="16" height="12" fill={colour} fillOpacity={0.25} />}
      {item.kind === 'dot' && <circle cx="12" cy="6" r="2.5" fill={colour} />}
      {item.kind === 'marker' && item.marker && (
        <path
          transform="translate(12 6)"
          d={symbol(item.marker.symbol, Math.min(item.marker.size, 70))() ?? ''}
          fill={item.marker.fill}
          stroke={item.marker.stroke}
          strokeWidth={item.marker.strokeWidth}
        />
      )}
    </svg>
  );
}
