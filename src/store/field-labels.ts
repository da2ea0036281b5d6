/**
 * Every field of the scenario format as the page labels it, with an example
 * value and the unit the page shows. The editor's panels take their labels
 * from here and the wording of messages (wording.ts) names fields from here,
 * so a message always names a field the way the control beside it does.
 *
 * Keys are field paths within their item ("bandwidth", "queue.limit",
 * "tcp.vegas.alpha"); the items are the run (top-level fields), nodes,
 * links, flows and faults.
 */
import { VARIANTS } from '../engine/scenario/types';
import { VARIANT_TEXT, type Tunable } from '../engine/tcp/variant-text';

export interface FieldInfo {
  /** the control's label */
  label: string;
  /** a value that would be accepted, as a person writes it ("10 Mbps") */
  example?: string;
  /** the unit the page shows beside the control */
  unit?: string;
  /** one line under the control: what the value means */
  hint?: string;
}

export type ItemKind = 'run' | 'node' | 'link' | 'flow' | 'fault';

export const RUN_FIELDS: Readonly<Record<string, FieldInfo>> = {
  name: { label: 'Scenario name', example: '"Two flows, one bottleneck"' },
  description: { label: 'Description' },
  version: { label: 'Format version', example: '1' },
  seed: { label: 'Seed', example: '1', hint: 'Same seed, same run.' },
  duration: { label: 'Duration', unit: 's', example: '20 s' },
  sampleInterval: { label: 'Sample interval', unit: 's', example: '0.01 s' },
  startJitter: {
    label: 'Start jitter',
    unit: 's',
    example: '0.1 s',
    hint: 'Each flow starts up to this much later, at random (by the seed).',
  },
  'measure.from': { label: 'Measure from', unit: 's', example: '5 s' },
  'measure.to': { label: 'Measure until', unit: 's', example: '20 s' },
  nodes: { label: 'Nodes' },
  links: { label: 'Links' },
  flows: { label: 'Flows' },
  faults: { label: 'Faults' },
};

export const NODE_FIELDS: Readonly<Record<string, FieldInfo>> = {
  id: { label: 'Name', example: '"r2"' },
  kind: { label: 'Kind', example: 'host' },
  x: { label: 'Position', example: '200' },
  y: { label: 'Position', example: '200' },
};

export const LINK_FIELDS: Readonly<Record<string, FieldInfo>> = {
  id: { label: 'Name', example: '"l3"' },
  a: { label: 'End', example: 'a node of the network' },
  b: { label: 'End', example: 'another node' },
  bandwidth: { label: 'Bandwidth', unit: 'bit/s', example: '10 Mbps' },
  delay: { label: 'Delay', unit: 's', example: '10 ms' },
  queue: { label: 'Queue' },
  'queue.type': { label: 'Queue', example: 'DropTail' },
  'queue.limit': { label: 'Buffer size', unit: 'packets', example: '50' },
  'queue.minThresh': {
    label: 'Min threshold',
    unit: 'packets',
    example: '5',
    hint: 'Average queue where early drops start.',
  },
  'queue.maxThresh': {
    label: 'Max threshold',
    unit: 'packets',
    example: '15',
    hint: 'Drop probability reaches max here.',
  },
  'queue.maxP': { label: 'Max drop probability', example: '0.1', hint: 'maxP, between 0 and 1.' },
  'queue.weight': { label: 'Weight', example: '0.002', hint: 'w_q of the average queue.' },
  'queue.gentle': { label: 'Gentle' },
  'queue.ecn': { label: 'Mark ECN-capable packets (CE) instead of dropping them' },
  'queue.target': {
    label: 'Target delay',
    unit: 's',
    example: '5ms',
    hint: 'The standing queueing delay it aims for.',
  },
  'queue.interval': {
    label: 'Interval',
    unit: 's',
    example: '100ms',
    hint: 'How long the delay must stay above target before a drop.',
  },
  'queue.quantum': { label: 'Quantum', unit: 'bytes', example: '1514', hint: 'Bytes each flow queue sends per round.' },
  'queue.tUpdate': {
    label: 'Update interval',
    unit: 's',
    example: '15ms',
    hint: 'How often the drop probability is recomputed.',
  },
  'queue.alpha': { label: 'α', unit: '1/s', example: '0.125', hint: 'Weight of the delay above target.' },
  'queue.beta': { label: 'β', unit: '1/s', example: '1.25', hint: 'Weight of the change in delay.' },
  'queue.maxBurst': {
    label: 'Burst allowance',
    unit: 's',
    example: '150ms',
    hint: 'No early drops for this long after a quiet period.',
  },
  'queue.meanPacketSize': {
    label: 'Mean packet size',
    unit: 'bytes',
    example: '500',
    hint: 'Ages the average over idle time (ns-2 mean_pktsize_).',
  },
};

/** Advanced TCP parameters every variant has, in the order the panel shows them. */
export const TCP_NUMBER_FIELDS: readonly (FieldInfo & { key: string })[] = [
  {
    key: 'initialCwnd',
    label: 'Initial cwnd',
    unit: 'segments',
    example: '2',
    hint: 'cwnd once the SYN is acknowledged.',
  },
  {
    key: 'dupAckThreshold',
    label: 'Dup-ACK threshold',
    example: '3',
    hint: 'Duplicate ACKs that trigger fast retransmit.',
  },
  { key: 'initialRto', label: 'Initial RTO', unit: 's', example: '3 s', hint: 'Timer before the first RTT sample.' },
  { key: 'minRto', label: 'Min RTO', unit: 's', example: '0.2 s', hint: 'Lower bound of the timer.' },
  { key: 'maxRto', label: 'Max RTO', unit: 's', example: '60 s', hint: 'Upper bound after backoff.' },
  { key: 'rttGain', label: 'RTT gain α', example: '0.125', hint: 'Weight of a new sample in srtt.' },
  { key: 'rttVarGain', label: 'RTT variance gain β', example: '0.25', hint: 'Weight of a new sample in rttvar.' },
  { key: 'rtoK', label: 'RTO K', example: '4', hint: 'RTO = srtt + K·rttvar.' },
  {
    key: 'tcpTick',
    label: 'Timer tick',
    unit: 's',
    example: '0.01 s',
    hint: '0: exact time. 0.01: ns-2’s 10 ms clock (RTT and RTO in whole ticks).',
  },
  {
    key: 'tcpTickPhase',
    label: 'Tick phase',
    unit: 's',
    example: '0.004 s',
    hint: 'Where the ticks fall (ns-2 boot_time_); below the tick.',
  },
  {
    key: 'delayedAckTimeout',
    label: 'Delayed-ACK timer',
    unit: 's',
    example: '0.1 s',
    hint: 'Used with delayed ACKs.',
  },
  { key: 'headerBytes', label: 'Header', unit: 'bytes', example: '40', hint: 'Added to each data segment.' },
  { key: 'ackBytes', label: 'ACK size', unit: 'bytes', example: '40', hint: 'A pure ACK on the wire.' },
  { key: 'maxSackBlocks', label: 'SACK blocks', example: '3', hint: 'Blocks per SACK option (1–4).' },
];

/** Parameters of one variant, under `tcp.<group>`: the variant's descriptor is their one home. */
export const VARIANT_FIELDS: Readonly<Record<string, readonly Tunable[]>> = Object.fromEntries(
  VARIANTS.map((v) => [v, VARIANT_TEXT[v].tunables]),
);

function flowFields(): Record<string, FieldInfo> {
  const out: Record<string, FieldInfo> = {
    id: { label: 'Name', example: '"tcp2"' },
    kind: { label: 'Kind', example: 'tcp' },
    variant: { label: 'Variant', example: 'Reno' },
    from: { label: 'From', example: 'a host' },
    to: { label: 'To', example: 'another host' },
    start: { label: 'Start', unit: 's', example: '0 s' },
    stop: { label: 'Stop', unit: 's', example: '10 s' },
    bytes: { label: 'File size', unit: 'bytes', example: '1 MB' },
    packetSize: { label: 'Packet size', unit: 'bytes', example: '1000' },
    rate: { label: 'Rate', unit: 'bit/s', example: '800 kbps' },
    request: { label: 'Request size', unit: 'bytes', example: '512' },
    response: { label: 'Response size', unit: 'bytes', example: '32 KB' },
    thinkTime: { label: 'Think time' },
    'thinkTime.mean': { label: 'Think time', unit: 's', example: '1 s' },
    'thinkTime.distribution': { label: 'Think time distribution', example: 'exponential' },
    connections: { label: 'Connections', example: '2' },
    transactions: { label: 'Transactions per connection', example: '10, or empty for no limit' },
    tcp: { label: 'TCP parameters' },
    'tcp.window': { label: 'Window', unit: 'segments', example: '20', hint: 'Receiver window; initial ssthresh.' },
    'tcp.delayedAck': { label: 'Delayed ACKs' },
    'tcp.handshake': { label: 'SYN handshake' },
    'tcp.cubic.fastConvergence': { label: 'CUBIC fast convergence' },
    'tcp.cubic.renoFriendly': { label: 'CUBIC Reno-friendly region' },
    'tcp.cubic.hystart': { label: 'CUBIC HyStart++ (leave slow start when the RTT rises)' },
  };
  for (const f of TCP_NUMBER_FIELDS) out[`tcp.${f.key}`] = f;
  for (const list of Object.values(VARIANT_FIELDS)) for (const f of list) out[`tcp.${f.group}.${f.key}`] = f;
  return out;
}

export const FLOW_FIELDS: Readonly<Record<string, FieldInfo>> = flowFields();

export const FAULT_FIELDS: Readonly<Record<string, FieldInfo>> = {
  kind: { label: 'Fault', example: 'linkDown' },
  flow: { label: 'Flow', example: 'a TCP flow' },
  seqs: { label: 'Segments', example: '50, 51' },
  link: { label: 'Link', example: 'a link of the network' },
  from: { label: 'Direction', example: 'one end of the link' },
  at: { label: 'At', unit: 's', example: '2 s' },
  count: { label: 'Packets', example: '5' },
  duration: { label: 'Down for', unit: 's', example: '0.5 s' },
  rate: { label: 'Loss rate', example: '0.01' },
  until: { label: 'Until', unit: 's', example: '10 s' },
};

export const ITEM_FIELDS: Readonly<Record<ItemKind, Readonly<Record<string, FieldInfo>>>> = {
  run: RUN_FIELDS,
  node: NODE_FIELDS,
  link: LINK_FIELDS,
  flow: FLOW_FIELDS,
  fault: FAULT_FIELDS,
};

/** A field's label; a key the table does not have reads as written. */
export function fieldInfo(item: ItemKind, field: string): FieldInfo {
  return ITEM_FIELDS[item][field] ?? { label: field };
}
