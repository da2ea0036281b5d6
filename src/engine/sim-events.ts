/**
 * The kinds of entry in the event list, in one place: the simulator's
 * dispatch (sim-core.ts) switches on them, and each names who handles it.
 * An entry is (time, kind, target); the target is an index whose meaning
 * the kind gives. Distinct from the protocol events of the event log
 * (output/event-log.ts), which are what a run reports.
 */
export const enum SimEvent {
  /** a link direction's transmitter finished a packet (target: direction; net/network.ts) */
  TxDone = 1,
  /** the packet at the head of a direction's wire arrives (target: direction; net/network.ts) */
  Arrive = 2,
  /** a TCP timer came due (target: timer id; core/timers.ts) */
  Timer = 3,
  /** a flow's application starts (target: flow) */
  AppStart = 4,
  /** a flow's application stops (target: flow) */
  AppStop = 5,
  /** a CBR source sends its next packet (target: flow) */
  Cbr = 6,
  /** the sampler records the series (target: sample number) */
  Sample = 7,
  /** a linkDown fault begins (target: outage; net/faults.ts) */
  LinkDown = 8,
  /** a linkDown fault ends (target: outage; net/faults.ts) */
  LinkUp = 9,
}
