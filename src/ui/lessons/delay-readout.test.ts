/**
 * The queue lessons' readout, on the lessons' own runs: what the issue's
 * "done means" asks a student to see — the queue delay of hundreds of ms
 * under DropTail against about CoDel's 5 ms target, nothing lost with ECN
 * where CoDel dropped, and a cellular trace's capacity driving the commute.
 */
import { describe, expect, it } from 'vitest';
import { computeLesson } from './lesson-compute';
import { delayReadout, formatKbps, formatMs } from './delay-readout';

const byRun = (rows: ReturnType<typeof delayReadout>) => Object.fromEntries(rows.map((r) => [r.run, r]));

describe('the queue lessons’ delay readout', () => {
  it('bufferbloat: hundreds of ms under DropTail, about the CoDel target with CoDel and FQ-CoDel', () => {
    const { runs } = computeLesson('bufferbloat');
    expect(runs.map((r) => r.delayQueue)).toEqual([
      { name: 'DropTail', target: null },
      { name: 'CoDel', target: 5 },
      { name: 'FQ-CoDel', target: 5 },
    ]);
    for (const t of [2, 5, 10, 20]) {
      const at = byRun(delayReadout(runs, 'tcp', t));
      expect(at.droptail.delay, `${t} s`).toBeGreaterThan(300);
      expect(at.codel.delay, `${t} s`).toBeLessThan(10);
      expect(at.fqcodel.delay, `${t} s`).toBeLessThan(10);
    }
    const end = byRun(delayReadout(runs, 'tcp', Infinity));
    expect(end.droptail.ping).toBeGreaterThan(300);
    expect(end.codel.ping).toBeLessThan(30);
    expect(end.fqcodel.ping).toBeLessThanOrEqual(end.codel.ping!);
    expect(end.droptail.capacity).toBeNull();
  });

  it('ecn: the marking run loses nothing where the dropping run lost packets', () => {
    const { runs } = computeLesson('ecn');
    const end = byRun(delayReadout(runs, 'tcp', Infinity));
    expect(end.drops.lost).toBeGreaterThan(10);
    expect(end.drops.marks).toBe(0);
    expect(end.marks.lost).toBe(0);
    expect(end.marks.marks).toBeGreaterThan(10);
  });

  it('commute: the trace’s capacity in force, and the tunnel’s seconds of delay behind DropTail', () => {
    const { runs } = computeLesson('commute');
    const before = byRun(delayReadout(runs, 'tcp', 20));
    const tunnel = byRun(delayReadout(runs, 'tcp', 43));
    expect(before.droptail.capacity).toBeGreaterThan(5000);
    expect(tunnel.droptail.capacity).toBeLessThan(1000);
    expect(tunnel.droptail.delay).toBeGreaterThan(1000);
    expect(tunnel.codel.delay).toBeLessThan(tunnel.droptail.delay / 10);
  });

  it('writes delays and rates as a student reads them', () => {
    expect([formatMs(3.24), formatMs(667.2), formatMs(12_345), formatMs(NaN)]).toEqual(['3.2 ms', '667 ms', '12.3 s', '—']);
    expect([formatKbps(240), formatKbps(1440), formatKbps(12_000), formatKbps(null)]).toEqual(['240 kbps', '1.4 Mbps', '12 Mbps', '—']);
  });
});
