/** The lesson charts' legend: a swatch per line or trace mark, and an optional note. */
export interface LegendItem {
  label: string;
  colour: string;
  dash?: string;
  kind?: 'line' | 'square' | 'diamond' | 'dot' | 'cross' | 'ring';
}

export function Legend({ items, note }: { items: LegendItem[]; note?: string }) {
  return (
    <ul className="legend lesson-legend">
      {items.map((it) => (
        <li key={it.label}>
          <svg className="legend-swatch" viewBox="0 0 24 12" aria-hidden="true">
            {(it.kind ?? 'line') === 'line' && <line x1="1" x2="23" y1="6" y2="6" stroke={it.colour} strokeWidth="2.5" strokeDasharray={it.dash} />}
            {it.kind === 'square' && <rect x="9" y="3" width="6" height="6" fill={it.colour} />}
            {it.kind === 'diamond' && <path d="M12 1.5 16.5 6 12 10.5 7.5 6z" fill={it.colour} stroke="#7a5200" />}
            {it.kind === 'dot' && (
              <>
                <line x1="2" x2="22" y1="6" y2="6" stroke={it.colour} strokeWidth="1.2" />
                <circle cx="12" cy="6" r="2.4" fill={it.colour} />
              </>
            )}
            {it.kind === 'cross' && <path d="M8.5 2.5 15.5 9.5M15.5 2.5 8.5 9.5" stroke={it.colour} strokeWidth="2" />}
            {it.kind === 'ring' && <circle cx="12" cy="6" r="4.5" fill="none" stroke={it.colour} strokeWidth="2" />}
          </svg>
          {it.label}
        </li>
      ))}
      {note && <li className="legend-note">({note})</li>}
    </ul>
  );
}
