/**
 * The protocol events of events.csv as the page names them: the caption's
 * badge, the event log's kind filter and the charts' marker legend.
 */

/** Every event kind the engine logs (events.csv `event`), in the order the log's filter lists them. */
export const EVENT_KINDS = [
  'drop',
  'fast_retransmit',
  'timeout',
  'recovery_enter',
  'recovery_exit',
  'partial_ack',
  'ss_exit',
  'retransmit',
  'complete',
  'link_down',
  'link_up',
  'ecn_mark',
  'ecn_echo',
  'cwr',
  'bbr_startup',
  'bbr_drain',
  'bbr_probe_bw',
  'bbr_probe_rtt',
  'hystart_css',
  'hystart_resume',
] as const;

const EVENT_LABELS: Record<string, string> = {
  drop: 'Drop',
  fast_retransmit: 'Fast retransmit',
  timeout: 'Timeout',
  recovery_enter: 'Recovery starts',
  recovery_exit: 'Recovery ends',
  partial_ack: 'Partial ACK',
  ss_exit: 'Slow start ends',
  retransmit: 'Retransmit',
  complete: 'Transfer complete',
  link_down: 'Link down',
  link_up: 'Link up',
  ecn_mark: 'CE mark (ECN)',
  ecn_echo: 'ECN echo',
  cwr: 'Window reduced (CWR)',
  bbr_startup: 'BBR: STARTUP',
  bbr_drain: 'BBR: DRAIN',
  bbr_probe_bw: 'BBR: PROBE_BW',
  bbr_probe_rtt: 'BBR: PROBE_RTT',
  hystart_css: 'HyStart++: conservative slow start',
  hystart_resume: 'HyStart++: back to slow start',
  end: 'End of run',
};

/** How an events.csv name reads on the page: "Fast retransmit". */
export function eventLabel(event: string): string {
  return EVENT_LABELS[event] ?? event.replace(/_/g, ' ');
}
