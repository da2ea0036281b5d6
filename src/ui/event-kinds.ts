/**
 * The protocol events of events.csv as the page names them: the caption's
 * badge, the event log's kind filter and the charts' marker legend.
 */
import { EVENT_NAMES, type ProtocolEventName } from '../engine/output/event-names';

/**
 * Every event kind the engine logs (events.csv `event`), in the order the log's filter lists
 * them: the engine's own list, so that a kind it gains reaches the filter and the legend.
 */
export const EVENT_KINDS: readonly ProtocolEventName[] = EVENT_NAMES.filter(
  (name): name is ProtocolEventName => name !== '',
);

/** The words for each kind (the type asks for every kind the engine has); eventLabel spells out any other name. */
const EVENT_LABELS: Record<ProtocolEventName | 'end', string> = {
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
  return (EVENT_LABELS as Record<string, string | undefined>)[event] ?? event.replace(/_/g, ' ');
}
