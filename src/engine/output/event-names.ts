/**
 * events.csv's `event` column: the name of each protocol event kind, indexed
 * by the event log's Ev (0 is no kind). A module of its own, without the
 * log's enum and columns, so that the page's first load can list the kinds
 * (ui/event-kinds.ts) without them.
 */
export const EVENT_NAMES = [
  '',
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

/** A protocol event's name in events.csv (the engine's public word for each Ev). */
export type ProtocolEventName = Exclude<(typeof EVENT_NAMES)[number], ''>;
