/**
 * The sender's congestion state, as Linux's tcp_ca_state and ns-3's
 * TcpCongState_t name it. The sender owns it (sender.ts): it moves between
 * states as ACKs and timeouts arrive, and tells the congestion ops of each
 * change.
 *
 *  - Open: nothing unusual; the window grows.
 *  - Disorder: duplicate ACKs have arrived, not yet enough for a fast
 *    retransmit (limited transmit may send on them, RFC 3042).
 *  - CWR: the window was reduced for an ECN echo, with no loss (RFC 3168
 *    §6.1.2; Linux TCP_CA_CWR): it does not grow until the ACKs pass what
 *    had been sent at the reduction (sender.ts ecnStep).
 *  - Recovery: fast recovery after a fast retransmit, until the ACKs cover
 *    the recovery point (RFC 5681 §3.2, RFC 6582, RFC 6675).
 *  - Loss: after a retransmission timeout, until the ACKs cover what was
 *    outstanding when it expired (RFC 5681 §3.1; Linux TCP_CA_Loss).
 *
 * Where the sources differ: Linux keeps Loss until its own recovery point
 * and never enters Recovery from Loss; ns-2, followed here, may start a fast
 * retransmit during Loss when the very first data segment was lost
 * (bugfix_ss_), so Loss → Recovery happens. Tahoe has no fast recovery: its
 * fast retransmit restarts slow start and the state stays Open (Disorder
 * while the duplicate ACKs last).
 */
export const enum CaState {
  Open = 0,
  Disorder = 1,
  CWR = 2,
  Recovery = 3,
  Loss = 4,
}

/** Each state's name, indexed by CaState (for messages and tests). */
export const CA_STATE_NAMES = ['open', 'disorder', 'cwr', 'recovery', 'loss'] as const;
