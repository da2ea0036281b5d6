import { useLab } from '../lab-context';
import { selectRun } from '../../store/selectors';
import { ANIMATE_MAX_SPEED } from '../../worker/protocol';
import { flowStyle, PALETTE } from '../charts/palette';
import { useTraceValue } from '../charts/use-trace-value';
import { useSession } from '../session/context';

/** Flows named in the legend at most (more: "…"). */
const MAX_FLOWS = 6;

/**
 * What the packets on the topology mean, shown while they are drawn (at
 * ANIMATE_MAX_SPEED and slower, or stepping): each flow's colour, an ACK, a
 * retransmission, a loss.
 */
export function PacketLegend() {
  const { traces } = useSession();
  const run = useLab(selectRun);
  const slow = useLab((s) => s.status !== 'playing' || (s.speed !== 'max' && s.speed <= ANIMATE_MAX_SPEED));
  const hasPackets = useTraceValue(traces, () => traces.flights.flights.length > 0);
  if (!run || !slow || !hasPackets) return null;
  const flows = run.flowIds.slice(0, MAX_FLOWS);
  return (
    <ul className="lane-legend packet-legend" aria-label="Packets on the wire" data-testid="packet-legend">
      {flows.map((id, i) => (
        <li key={id}>
          <svg width="22" height="10" aria-hidden="true">
            <rect x="1" y="1" width="20" height="8" rx="1" fill={flowStyle(i).colour} />
          </svg>
          {id}
        </li>
      ))}
      {run.flowIds.length > MAX_FLOWS && <li>…</li>}
      <li>
        <svg width="22" height="10" aria-hidden="true">
          <rect x="2" y="2" width="18" height="6" rx="1" fill="#ffffff" stroke={flowStyle(0).colour} strokeWidth="1.5" />
        </svg>
        ACK
      </li>
      <li>
        <svg width="22" height="10" aria-hidden="true">
          <rect x="1.5" y="1.5" width="19" height="7" rx="1" fill={flowStyle(0).colour} stroke={PALETTE.black} strokeWidth="2" />
        </svg>
        retransmission
      </li>
      <li>
        <svg width="12" height="12" aria-hidden="true">
          <circle cx="6" cy="6" r="5.5" fill={PALETTE.vermillion} />
          <path d="M3.4 3.4L8.6 8.6M8.6 3.4L3.4 8.6" stroke="#ffffff" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        lost here
      </li>
    </ul>
  );
}
