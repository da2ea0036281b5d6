/** A chart legend in HTML (not SVG), so it wraps, scales with large text and reads as a list. */
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

export function Legend({ items, testId }: { items: LegendItem[]; testId?: string }) {
  return (
    <ul className="legend" aria-label="Legend" data-testid={testId}>
      {items.map((item) => (
        <li key={item.label} title={item.title} data-colour={item.colour}>
          <Swatch item={item} />
          {item.label}
        </li>
      ))}
    </ul>
  );
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
