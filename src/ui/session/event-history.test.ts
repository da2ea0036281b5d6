import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../engine/output/rundata';
import { EventHistory } from './event-history';

const row = (t: number): EventRow => ({ time_s: t, flow: 'a', event: 'drop', detail: '' }) as unknown as EventRow;

describe('EventHistory', () => {
  it('keeps rows in order and lets the oldest quarter go when full', () => {
    const h = new EventHistory(8);
    h.add([1, 2, 3, 4, 5].map(row));
    expect(h.rows.map((r) => r.time_s)).toEqual([1, 2, 3, 4, 5]);
    h.add([6, 7, 8, 9].map(row));
    // 9 rows > 8: down to 8 - 2 = 6, the newest
    expect(h.rows.map((r) => r.time_s)).toEqual([4, 5, 6, 7, 8, 9]);
    expect(h.dropped).toBe(3);
  });

  it('changes its version on every change, and clears for a new run', () => {
    const h = new EventHistory(8);
    const v0 = h.version;
    h.add([]);
    expect(h.version).toBe(v0);
    h.add([row(1)]);
    expect(h.version).toBeGreaterThan(v0);
    h.clear();
    expect(h.rows).toEqual([]);
    expect(h.dropped).toBe(0);
  });
});
