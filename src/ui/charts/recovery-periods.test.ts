import { describe, expect, it } from 'vitest';
import { recoveryPeriods } from './recovery-periods';

const ev = (time: number, event: string) => ({ time, event });

describe('recoveryPeriods', () => {
  it('pairs each recovery_enter with the next exit', () => {
    expect(recoveryPeriods([ev(1, 'recovery_enter'), ev(1.2, 'recovery_exit'), ev(3, 'recovery_enter'), ev(3.5, 'recovery_exit')], 10)).toEqual([
      { start: 1, end: 1.2, open: false },
      { start: 3, end: 3.5, open: false },
    ]);
  });

  it('ends a period at a timeout, and ignores exits and timeouts outside recovery', () => {
    expect(recoveryPeriods([ev(0.5, 'timeout'), ev(0.7, 'recovery_exit'), ev(1, 'recovery_enter'), ev(2, 'timeout'), ev(2.5, 'recovery_exit')], 10)).toEqual([
      { start: 1, end: 2, open: false },
    ]);
  });

  it('keeps the first of repeated enters and runs an open period to now', () => {
    expect(recoveryPeriods([ev(1, 'recovery_enter'), ev(1.1, 'recovery_enter'), ev(1.5, 'recovery_exit'), ev(4, 'recovery_enter')], 4.25)).toEqual([
      { start: 1, end: 1.5, open: false },
      { start: 4, end: 4.25, open: true },
    ]);
  });

  it('has no periods without events', () => {
    expect(recoveryPeriods([], 5)).toEqual([]);
  });
});
