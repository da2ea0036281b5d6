import { describe, expect, it } from 'vitest';
import { SeriesArena } from './series-arena';

describe('SeriesArena', () => {
  it('hands out storage of the size asked for, no two lines sharing a value', () => {
    const arena = new SeriesArena(3 * 100);
    const lines = [arena.take(100)!, arena.take(100)!, arena.take(100)!, arena.take(50)!];
    expect(lines.map((l) => [l.ts.length, l.ys.length])).toEqual([
      [100, 100],
      [100, 100],
      [100, 100],
      [50, 50],
    ]);
    lines.forEach((l, k) => {
      l.ts.fill(2 * k + 1);
      l.ys.fill(2 * k + 2);
    });
    lines.forEach((l, k) => {
      expect(l.ts.every((v) => v === 2 * k + 1)).toBe(true);
      expect(l.ys.every((v) => v === 2 * k + 2)).toBe(true);
    });
  });

  it('puts the expected lines in one block and later lines in blocks of their own', () => {
    const arena = new SeriesArena(4 * 20_000);
    const expected = Array.from({ length: 4 }, () => arena.take(20_000)!);
    expect(new Set(expected.map((l) => l.ts.buffer)).size).toBe(1);
    expect(expected[0].ts.buffer.byteLength).toBe(4 * 20_000 * 2 * 8);
    const later = arena.take(64)!;
    expect(later.ts.buffer).not.toBe(expected[0].ts.buffer);
    // a line larger than any block still gets its storage
    expect(arena.take(1 << 22)!.ys.length).toBe(1 << 22);
  });
});
