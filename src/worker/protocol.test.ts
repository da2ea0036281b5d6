import { describe, expect, it } from 'vitest';
import { flowColumn, packSeries, queueColumn, queueColumnAt, type SampleBatch } from './protocol';

describe('a batch’s series in one buffer', () => {
  it('packs every flow’s and queue’s columns and reads each back', () => {
    const n = 3;
    const col = (base: number) => Float64Array.from({ length: n }, (_, i) => base + i);
    const flows = [
      [col(0), col(10)],
      [col(20), col(30)],
    ];
    const queues = [[col(100), col(110), col(120)]];
    const batch = { times: col(0), ...packSeries(flows, queues, n) } as SampleBatch;
    expect(batch.series.length).toBe((2 * 2 + 1 * 3) * n);
    expect([...flowColumn(batch, 1, 0)!]).toEqual([20, 21, 22]);
    expect([...flowColumn(batch, 0, 1)!]).toEqual([10, 11, 12]);
    expect([...queueColumn(batch, 0, 2)!]).toEqual([120, 121, 122]);
    // a column the batch does not have (an older engine's, or past the end) reads as absent
    expect(flowColumn(batch, 2, 0)).toBeUndefined();
    expect(flowColumn(batch, 0, 2)).toBeUndefined();
    expect(queueColumnAt(batch, 0, 3)).toBe(-1);
    expect(queueColumn(batch, 0, -1)).toBeUndefined();
  });
});
