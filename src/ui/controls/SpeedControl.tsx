import { useId } from 'react';
import { useLab, useLabStore } from '../lab-context';
import { selectSpeed } from '../../store/selectors';
import { describeSpeed, formatSpeed, SPEEDS, speedIndex } from './speeds';

/** Simulated seconds per wall second, 0.01× to max, in discrete steps. */
export function SpeedControl() {
  const id = useId();
  const speed = useLab(selectSpeed);
  const store = useLabStore();
  const index = speedIndex(speed);
  return (
    <div className="control-group speed-control">
      <label htmlFor={id}>Speed</label>
      <input
        id={id}
        type="range"
        min={0}
        max={SPEEDS.length - 1}
        step={1}
        value={index}
        aria-valuetext={describeSpeed(speed)}
        data-testid="speed"
        onChange={(e) => store.getState().setSpeed(SPEEDS[Number(e.currentTarget.value)])}
      />
      <output htmlFor={id} className="speed-value">
        {formatSpeed(speed)}
      </output>
    </div>
  );
}
