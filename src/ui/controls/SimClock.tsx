import { useLab } from '../lab-context';
import { selectDuration, selectSimTime } from '../../store/selectors';

/** Simulated time and how far through the scenario the run is. */
export function SimClock() {
  const time = useLab(selectSimTime);
  const duration = useLab(selectDuration);
  const fraction = duration > 0 ? Math.min(1, time / duration) : 0;
  return (
    <div className="sim-clock" role="group" aria-label="Simulated time">
      <span className="sim-clock-time">
        <span className="sim-clock-label">t =</span> <output data-testid="sim-time">{time.toFixed(3)}</output> s
        <span className="sim-clock-total"> / {duration} s</span>
      </span>
      <progress max={1} value={fraction} aria-label="Run progress" />
    </div>
  );
}
