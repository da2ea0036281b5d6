/** What the lanes mean; drawn with the same marks as the diagram. */
export function LaneLegend() {
  return (
    <ul className="lane-legend" aria-label="Diagram legend">
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <rect className="legend-track" x="1" y="1.5" width="32" height="7" rx="2" />
          <rect className="legend-fill" x="1" y="1.5" width="18" height="7" rx="2" />
        </svg>
        queue of one direction (fills from the sender)
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <line className="legend-red" x1="6" y1="0" x2="6" y2="12" />
        </svg>
        RED average
      </li>
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <rect className="legend-drop" x="1" y="1.5" width="32" height="7" rx="2" />
        </svg>
        queue full: arrivals dropped
      </li>
      <li>
        <svg width="34" height="10" aria-hidden="true">
          <line className="legend-down" x1="1" y1="5" x2="33" y2="5" />
        </svg>
        link down
      </li>
    </ul>
  );
}
