/**
 * Tahoe (Jacobson 1988; ns-2 Agent/TCP): three duplicate ACKs trigger a fast
 * retransmit, then ssthresh = W/2, cwnd = 1 and slow start from the first
 * unacknowledged segment (go-back-N). There is no fast recovery; limited
 * transmit still sends on the first duplicate ACKs, as ns-2's agents do.
 */
import { classicDupAck } from './reno';
import type { RecoveryContext, RecoveryOps } from './types';

export function createTahoe(): RecoveryOps {
  return {
    name: 'tahoe',
    usesSack: false,
    inflates: false,
    fastRecovery: false,
    growOnExit: true,
    onDupAck: (c) => classicDupAck(c, false),
    enter(c: RecoveryContext): void {
      // The sender set cwnd = 1: go back to the first unacknowledged segment.
      c.resetRtxTimer(false, false);
    },
    exit(): void {
      // Never in recovery.
    },
  };
}
