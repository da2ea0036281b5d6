/**
 * Tahoe (ns-2 Agent/TCP), table-driven: duplicate ACKs lead to a fast
 * retransmit and slow start from the first unacknowledged segment; there is
 * no fast recovery.
 */
import { describe, expect, it } from 'vitest';
import { CaState } from '../ca-state';
import { HandContext } from './hand-context';
import { createTahoe } from './tahoe';

describe('Tahoe', () => {
  it.each([
    // name, dupacks before, recover → fast retransmit?, dupacks, limited transmits
    ['first: limited transmit', 0, -1, false, 1, 1],
    ['third: fast retransmit', 2, -1, true, 3, 0],
    ['third, not past the last recovery point: refused', 2, 9, false, 3, 0],
    ['fourth: nothing, never inflates', 3, 29, false, 4, 0],
  ])('duplicate ACK, %s', (_name, dupacks, recover, fr, dupacksAfter, ones) => {
    const c = new HandContext({ state: CaState.Disorder, dupacks, recover });
    expect(createTahoe().onDupAck(c, c.ack())).toBe(fr);
    expect(c.dupacks).toBe(dupacksAfter);
    expect(c.inflation).toBe(0);
    expect(c.sendOnes).toBe(ones);
  });

  it('fast retransmit: no fast recovery; back to the first unacknowledged segment (go-back-N)', () => {
    const tahoe = createTahoe();
    expect(tahoe.fastRecovery).toBe(false);
    const c = new HandContext({ cwnd: 1, dupacks: 3 });
    tahoe.enter(c);
    expect(c.sent).toEqual([]);
    expect(c.timer).toEqual(['reset']);
    expect(c.tSeqno).toBe(10);
    expect(c.logged).toEqual([]);
  });

  it('keeps its duplicate count and recovery point across a timeout, and sends whatever the window allows (ns-2 TcpAgent)', () => {
    const tahoe = createTahoe();
    expect(tahoe.onTimeout).toBeUndefined();
    expect(tahoe.onPartialAck).toBeUndefined();
    expect(tahoe.send).toBeUndefined();
  });
});
