import { describe, expect, it } from 'vitest';
import { seriesTable, tableRows } from './ChartTable';
import { RingBuffer } from './ring-buffer';

describe('chart data tables', () => {
  it('shows the newest rows on the first line’s times, other lines matched by time', () => {
    const a = new RingBuffer(64);
    const b = new RingBuffer(64);
    for (let i = 0; i < 20; i++) {
      a.push(i * 0.1, i);
      if (i % 2 === 0) b.push(i * 0.1, 100 + i);
    }
    const rows = tableRows([{ label: 'a', buffer: () => a }, { label: 'b', buffer: () => b }], 3);
    expect(rows.map((r) => r.values[0])).toEqual([17, 18, 19]);
    expect(rows[1].values[1]).toBe(118);
    expect(rows[0].values[1]).toBeNaN();
    const t = seriesTable([{ label: 'a', buffer: () => a }]);
    expect(t.headers).toEqual(['time (s)', 'a']);
    expect(t.rows.at(-1)).toEqual(['1.900', '19']);
  });

  it('is empty without data', () => {
    expect(tableRows([{ label: 'a', buffer: () => null }])).toEqual([]);
  });
});
