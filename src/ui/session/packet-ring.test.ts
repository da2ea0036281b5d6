import { describe, expect, it } from 'vitest';
import { PacketRing } from './packet-ring';

describe('PacketRing', () => {
  it('keeps rows in order while growing', () => {
    const r = new PacketRing(5000);
    for (let i = 0; i < 3000; i++) r.push(i / 100, i, i % 4);
    expect(r.length).toBe(3000);
    expect([r.t(0), r.seq(0), r.kind(0)]).toEqual([0, 0, 0]);
    expect([r.t(2999), r.seq(2999), r.kind(2999)]).toEqual([29.99, 2999, 3]);
    expect(r.dropped).toBe(0);
  });

  it('drops the oldest rows once full', () => {
    const r = new PacketRing(4);
    for (let i = 0; i < 6; i++) r.push(i, 10 + i, 0);
    expect(r.length).toBe(4);
    expect(r.dropped).toBe(2);
    expect([0, 1, 2, 3].map((i) => r.seq(i))).toEqual([12, 13, 14, 15]);
    expect(r.lowerBound(3.5)).toBe(2);
    expect(r.lowerBound(-1)).toBe(0);
    expect(r.lowerBound(99)).toBe(4);
  });
});

describe('PacketRing over a long run', () => {
  it('keeps exactly the newest `capacity` rows, in order, through many compactions', () => {
    const r = new PacketRing(1000);
    for (let i = 0; i < 12_345; i++) r.push(i * 0.001, i, i % 4);
    expect(r.length).toBe(1000);
    expect(r.dropped).toBe(11_345);
    expect(r.seq(0)).toBe(11_345);
    expect(r.seq(999)).toBe(12_344);
    const { ts, seqs, start, length } = r.rows();
    for (let i = 1; i < length; i++) {
      expect(ts[start + i]).toBeGreaterThan(ts[start + i - 1]);
      expect(seqs[start + i]).toBe(seqs[start + i - 1] + 1);
    }
    expect(r.lowerBound(12)).toBe(12_000 - 11_345);
  });
});
