import { describe, expect, it } from 'vitest';
import { TRACE_ACK, TRACE_RETRANSMITTED, TRACE_SENT } from '../../worker/protocol';
import { RttSampler } from './rtt-samples';

function sampler() {
  const got: [number, number][] = [];
  const s = new RttSampler({ push: (t, ms) => got.push([t, Math.round(ms * 1000) / 1000]) });
  return { s, got };
}

describe('RttSampler', () => {
  it('times each new ACK from the first send of the segment it covers', () => {
    const { s, got } = sampler();
    s.add(0.0, TRACE_SENT, 0);
    s.add(0.01, TRACE_SENT, 1);
    s.add(0.05, TRACE_ACK, 0);
    s.add(0.065, TRACE_ACK, 1);
    expect(got).toEqual([
      [0.05, 50],
      [0.065, 55],
    ]);
  });

  it('gives no sample for a duplicate ACK, nor for a retransmitted segment (Karn)', () => {
    const { s, got } = sampler();
    s.add(0, TRACE_SENT, 0);
    s.add(0, TRACE_SENT, 1);
    s.add(0.04, TRACE_ACK, 0);
    s.add(0.05, TRACE_ACK, 0); // duplicate
    s.add(0.3, TRACE_RETRANSMITTED, 1);
    s.add(0.34, TRACE_ACK, 1);
    expect(got).toEqual([[0.04, 40]]);
  });

  it('a cumulative ACK over several segments times the one it names', () => {
    const { s, got } = sampler();
    for (let i = 0; i < 4; i++) s.add(i * 0.001, TRACE_SENT, i);
    s.add(0.1, TRACE_ACK, 3);
    expect(got).toEqual([[0.1, 97]]);
    // segments 0..3 are forgotten: a late duplicate send of 2 starts nothing
    s.add(0.2, TRACE_SENT, 2);
    s.add(0.25, TRACE_ACK, 2);
    expect(got).toHaveLength(1);
  });
});
