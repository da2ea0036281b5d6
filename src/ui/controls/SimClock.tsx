import { useLab } from '../lab-context';
import { selectDuration } from '../../store/selectors';
import type { LabState } from '../../store/lab-store';
import { useLiveNode, writeText } from './live-node';

const timeText = (s: LabState) => s.simTime.toFixed(3);
const fraction = (s: LabState) => {
  const duration = selectDuration(s);
  return duration > 0 ? Math.min(1, s.simTime / duration) : 0;
};
const writeValue = (el: HTMLProgressElement, v: number) => {
  el.value = v;
};

/** Simulated time and how far through the scenario the run is (written per batch outside React: live-node.ts). */
export function SimClock() {
  const duration = useLab(selectDuration);
  const time = useLiveNode<HTMLOutputElement, string>(timeText, writeText);
  const progress = useLiveNode<HTMLProgressElement, number>(fraction, writeValue);
  return (
    <div className="sim-clock" role="group" aria-label="Simulated time">
      <span className="sim-clock-time">
        <span className="sim-clock-label">t =</span> <output data-testid="sim-time" ref={time} /> s
        <span className="sim-clock-total"> / {duration} s</span>
      </span>
      <progress max={1} aria-label="Run progress" ref={progress} />
    </div>
  );
}
