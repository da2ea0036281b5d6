import { describe, expect, it } from 'vitest';
import { describeSpeed, formatSpeed, SPEEDS, speedIndex } from './speeds';

describe('speeds', () => {
  it('run from 0.01 to max', () => {
    expect(SPEEDS[0]).toBe(0.01);
    expect(SPEEDS.at(-1)).toBe('max');
  });

  it('map any speed to the nearest offered one', () => {
    expect(SPEEDS[speedIndex(1)]).toBe(1);
    expect(SPEEDS[speedIndex(0.011)]).toBe(0.01);
    expect(SPEEDS[speedIndex(3)]).toBe(2);
    expect(SPEEDS[speedIndex(4)]).toBe(5);
    expect(SPEEDS[speedIndex('max')]).toBe('max');
  });

  it('read well', () => {
    expect(formatSpeed(0.05)).toBe('0.05×');
    expect(formatSpeed('max')).toBe('max');
    expect(describeSpeed(1)).toBe('1 simulated second per second');
    expect(describeSpeed(2)).toBe('2 simulated seconds per second');
  });
});
