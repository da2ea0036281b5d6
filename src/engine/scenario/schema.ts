/**
 * The structural schema of a scenario file (zod 4); structure.ts runs it and
 * turns what zod finds into `ScenarioIssue`s with `links[1].bandwidth`-style paths.
 *
 * The schema checks shapes, types, enums and single-field ranges, and converts
 * every quantity to base units on the way (units.ts). It leaves defaults out
 * (defaults.ts fills them, since some depend on other fields) and leaves
 * cross-field rules to validate.ts. Messages are written here rather than
 * taken from zod so that each names what is accepted and echoes what was given.
 */
import './zod-jitless'; // first: no compiled parsers in the page (zod-jitless.ts)
import { z } from 'zod';
export { formatPath } from './path';
export { editDistance, suggest } from './suggest';
import { PROFILES, THINK_DISTRIBUTIONS, VARIANTS } from './types';
import * as L from './limits';
import { opaqueProblem } from './opaque';
import {
  BANDWIDTH,
  BYTES,
  TIME,
  describeValue,
  parseQuantity,
  type Dimension,
  type QuantityResult,
  type Sign,
} from './units';

// ---------------------------------------------------------------------------
// Numbers and quantities

interface NumberRule {
  integer?: boolean;
  /** inclusive lower bound */
  min?: number;
  /** exclusive lower bound */
  above?: number;
  /** inclusive upper bound */
  max?: number;
  /** exclusive upper bound */
  below?: number;
  /** base unit named in bound messages ("s", "bit/s", "bytes") */
  unit?: string;
  /** a dedicated message for a value that is a common mistake, checked first */
  special?: (value: number, got: string) => string | undefined;
}

function rangeMessage(value: number, got: string, rule: NumberRule): string | undefined {
  const special = rule.special?.(value, got);
  if (special) return special;
  const u = rule.unit ? ` ${rule.unit}` : '';
  if (rule.integer && !Number.isSafeInteger(value)) {
    return Number.isInteger(value)
      ? `is too large to count exactly (got ${got})`
      : `must be a whole number${rule.unit ? ` of ${rule.unit}` : ''} (got ${got})`;
  }
  if (rule.min !== undefined && value < rule.min) return `must be at least ${rule.min}${u} (got ${got})`;
  if (rule.above !== undefined && value <= rule.above) return `must be greater than ${rule.above}${u} (got ${got})`;
  if (rule.max !== undefined && value > rule.max) return `must be at most ${rule.max}${u} (got ${got})`;
  if (rule.below !== undefined && value >= rule.below) return `must be less than ${rule.below}${u} (got ${got})`;
  return undefined;
}

function plainNumber(value: unknown): QuantityResult {
  if (typeof value === 'number' && Number.isFinite(value)) return { ok: true, value: value === 0 ? 0 : value };
  if (value === undefined) return { ok: false, message: 'is required (a number)' };
  if (typeof value === 'number') return { ok: false, message: `must be a finite number (got ${describeValue(value)})` };
  return { ok: false, message: `must be a number (got ${describeValue(value)})` };
}

type Parser = (value: unknown) => QuantityResult;

function readNumber(value: unknown, parse: Parser, rule: NumberRule): QuantityResult {
  const parsed = parse(value);
  if (!parsed.ok) return parsed;
  const message = rangeMessage(parsed.value, describeValue(value), rule);
  return message === undefined ? parsed : { ok: false, message };
}

/** A field holding a number, read by `parse` (plain number or quantity) and checked against `rule`. */
function numeric(parse: Parser, rule: NumberRule = {}) {
  return z.unknown().transform((value, ctx): number => {
    const r = readNumber(value, parse, rule);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message, input: value });
    return z.NEVER;
  });
}

/** The same, where null is a meaningful value ("until the end of the run", "endless"). */
function numericOrNull(parse: Parser, rule: NumberRule = {}) {
  return z.unknown().transform((value, ctx): number | null => {
    if (value === null) return null;
    const r = readNumber(value, parse, rule);
    if (r.ok) return r.value;
    ctx.addIssue({ code: 'custom', message: r.message, input: value });
    return z.NEVER;
  });
}

const num = (rule: NumberRule = {}) => numeric(plainNumber, rule);
const int = (rule: NumberRule = {}) => numeric(plainNumber, { ...rule, integer: true });
const quantity =
  (dim: Dimension, sign: Sign): Parser =>
  (v) =>
    parseQuantity(dim, v, sign);
const bandwidth = (rule: NumberRule = {}) => numeric(quantity(BANDWIDTH, 'positive'), { unit: 'bit/s', ...rule });
const time = (sign: Sign, rule: NumberRule = {}) => numeric(quantity(TIME, sign), { unit: 's', ...rule });
const timeOrNull = (sign: Sign) => numericOrNull(quantity(TIME, sign), { unit: 's', max: L.MAX_TIME });
const bytes = (sign: Sign, rule: NumberRule = {}) =>
  numeric(quantity(BYTES, sign), { unit: 'bytes', integer: true, ...rule });

export { MAX_BANDWIDTH, MAX_DURATION, MAX_PACKET_SIZE, MAX_SEED } from './limits';

const id = z.string().min(1).max(L.MAX_ID_CHARS);
const ref = z.string().min(1).max(L.MAX_ID_CHARS);
const probability = () => num({ above: 0, max: 1 });
/** A time that must fit a run: at most MAX_TIME seconds. */
const boundedTime = (sign: Sign) => time(sign, { max: L.MAX_TIME });
const rate = () => bandwidth({ min: L.MIN_BANDWIDTH, max: L.MAX_BANDWIDTH });
const coordinate = () => num({ min: -L.MAX_COORDINATE, max: L.MAX_COORDINATE });

/** Opaque page or lesson data: any JSON value, within a depth and a size (opaque.ts). */
const opaque = () =>
  z.unknown().superRefine((value, ctx) => {
    const problem = opaqueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
  });

// ---------------------------------------------------------------------------
// Objects

const NodeSchema = z.strictObject({
  id,
  kind: z.enum(['host', 'router']),
  x: coordinate().optional(),
  y: coordinate().optional(),
});

const queueLimit = int({
  min: 1,
  max: L.MAX_QUEUE_LIMIT,
  special: (v) =>
    v === 0 ? 'a queue limit of 0 holds no packets and would drop everything: must be at least 1 packet' : undefined,
});

/** A byte limit on what waits (the packet being sent not counted); null: none. */
const limitBytes = () =>
  numericOrNull(quantity(BYTES, 'positive'), { unit: 'bytes', integer: true, max: L.MAX_QUEUE_BYTES }).optional();

const DropTailSchema = z.strictObject({
  // Absent type means DropTail, ns-2's default queue.
  type: z.literal('droptail').optional(),
  limit: queueLimit.optional(),
  limitBytes: limitBytes(),
});

const RedSchema = z.strictObject({
  type: z.literal('red'),
  limit: queueLimit.optional(),
  minThresh: num({ min: 0, max: L.MAX_QUEUE_LIMIT }).optional(),
  maxThresh: num({ above: 0, max: L.MAX_QUEUE_LIMIT }).optional(),
  maxP: probability().optional(),
  weight: probability().optional(),
  gentle: z.boolean().optional(),
  meanPacketSize: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  ecn: z.boolean().optional(),
  limitBytes: limitBytes(),
});

const CodelSchema = z.strictObject({
  type: z.literal('codel'),
  limit: queueLimit.optional(),
  limitBytes: limitBytes(),
  target: boundedTime('positive').optional(),
  interval: boundedTime('positive').optional(),
  maxPacket: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  ecn: z.boolean().optional(),
});

const FqCodelSchema = z.strictObject({
  type: z.literal('fqcodel'),
  limit: queueLimit.optional(),
  limitBytes: limitBytes(),
  target: boundedTime('positive').optional(),
  interval: boundedTime('positive').optional(),
  maxPacket: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  quantum: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  flows: int({ min: 1, max: 65536 }).optional(),
  dropBatch: int({ min: 1, max: 65536 }).optional(),
  ecn: z.boolean().optional(),
});

const PieSchema = z.strictObject({
  type: z.literal('pie'),
  limit: queueLimit.optional(),
  limitBytes: limitBytes(),
  target: boundedTime('positive').optional(),
  tUpdate: boundedTime('positive').optional(),
  alpha: num({ min: 0, max: L.MAX_PIE_GAIN }).optional(),
  beta: num({ min: 0, max: L.MAX_PIE_GAIN }).optional(),
  maxBurst: boundedTime('nonnegative').optional(),
  meanPacketSize: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  dequeueRateEstimator: z.boolean().optional(),
  capDropAdjustment: z.boolean().optional(),
  derandomize: z.boolean().optional(),
  ecn: z.boolean().optional(),
  ecnThreshold: num({ min: 0, max: 1 }).optional(),
});

const QueueSchema = z.discriminatedUnion('type', [DropTailSchema, RedSchema, CodelSchema, FqCodelSchema, PieSchema]);

const RateStepSchema = z.strictObject({
  at: boundedTime('nonnegative'),
  bandwidth: bandwidth({ max: L.MAX_BANDWIDTH }),
  from: ref.optional(),
});

/** Most delivery opportunities an inline trace may list (a 60 s trace at 100 Mb/s). */
export const MAX_TRACE_POINTS = 500_000;

const DeliveryTraceSchema = z.strictObject({
  from: ref.optional(),
  sample: z.string().min(1).max(100).optional(),
  ms: z
    .array(
      z
        .number()
        .int()
        .min(0)
        .max(L.MAX_TIME * 1000),
    )
    .max(MAX_TRACE_POINTS)
    .optional(),
  mtu: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  /** a Mahimahi file, relative to the scenario file: the command-line runner reads it into `ms` */
  file: z.string().min(1).max(4096).optional(),
});

const LinkSchema = z.strictObject({
  id,
  a: ref,
  b: ref,
  bandwidth: rate(),
  delay: boundedTime('nonnegative'),
  queue: QueueSchema.optional(),
  schedule: z.array(RateStepSchema).max(100_000).optional(),
  trace: z.union([DeliveryTraceSchema, z.array(DeliveryTraceSchema).max(2)]).optional(),
});

const TcpParamsSchema = z.strictObject({
  window: num({ min: 1, max: L.MAX_WINDOW }).optional(),
  initialCwnd: num({ min: 1, max: L.MAX_WINDOW }).optional(),
  dupAckThreshold: int({ min: 1, max: L.MAX_DUPACK_THRESHOLD }).optional(),
  initialRto: boundedTime('positive').optional(),
  // A zero minimum RTO would let a timer fire at the same instant forever.
  minRto: boundedTime('positive').optional(),
  maxRto: boundedTime('positive').optional(),
  rttGain: probability().optional(),
  rttVarGain: probability().optional(),
  rtoK: num({ min: 0, max: L.MAX_RTO_K }).optional(),
  // 0 is exact time; the rest of the tick rules (gains, phase) are cross-field (validate.ts).
  tcpTick: time('nonnegative', { max: L.MAX_TCP_TICK }).optional(),
  tcpTickPhase: time('nonnegative', { max: L.MAX_TCP_TICK }).optional(),
  delayedAck: z.boolean().optional(),
  delayedAckTimeout: boundedTime('positive').optional(),
  handshake: z.boolean().optional(),
  headerBytes: bytes('nonnegative', { max: L.MAX_IP_PACKET - 1 }).optional(),
  ackBytes: bytes('positive', { max: L.MAX_IP_PACKET }).optional(),
  // The TCP option space holds at most 4 SACK blocks (RFC 2018).
  maxSackBlocks: int({ min: 1, max: 4 }).optional(),
  ecn: z.boolean().optional(),
  pacing: z.boolean().optional(),
  vegas: z
    .strictObject({
      alpha: num({ min: 0, max: L.MAX_VEGAS_PARAM }).optional(),
      beta: num({ min: 0, max: L.MAX_VEGAS_PARAM }).optional(),
      gamma: num({ min: 0, max: L.MAX_VEGAS_PARAM }).optional(),
      agent: z.enum(['engine', 'ns2']).optional(),
    })
    .optional(),
  cubic: z
    .strictObject({
      beta: num({ above: 0, below: 1 }).optional(),
      c: num({ above: 0, max: L.MAX_CUBIC_C }).optional(),
      fastConvergence: z.boolean().optional(),
      renoFriendly: z.boolean().optional(),
      hystart: z.boolean().optional(),
    })
    .optional(),
  dctcp: z
    .strictObject({
      g: num({ above: 0, max: 1 }).optional(),
      initialAlpha: num({ min: 0, max: 1 }).optional(),
    })
    .optional(),
  westwood: z.strictObject({ filterTau: boundedTime('positive').optional() }).optional(),
});

const packetSize = bytes('positive', { max: L.MAX_PACKET_SIZE });

const TcpFlowSchema = z.strictObject({
  id,
  // Absent kind means TCP, the flow this lab is about.
  kind: z.literal('tcp').optional(),
  variant: z.enum(VARIANTS),
  from: ref,
  to: ref,
  start: boundedTime('nonnegative').optional(),
  stop: timeOrNull('nonnegative').optional(),
  bytes: numericOrNull(quantity(BYTES, 'positive'), { unit: 'bytes', integer: true, max: L.MAX_FILE_BYTES }).optional(),
  packetSize: packetSize.optional(),
  tcp: TcpParamsSchema.optional(),
});

const CbrFlowSchema = z.strictObject({
  id,
  kind: z.literal('cbr'),
  from: ref,
  to: ref,
  rate: rate(),
  packetSize: packetSize.optional(),
  start: boundedTime('nonnegative').optional(),
  stop: timeOrNull('nonnegative').optional(),
});

const messageBytes = () => bytes('positive', { integer: true, max: L.MAX_FILE_BYTES });

const TransactionFlowSchema = z.strictObject({
  id,
  kind: z.literal('transaction'),
  variant: z.enum(VARIANTS),
  from: ref,
  to: ref,
  start: boundedTime('nonnegative').optional(),
  stop: timeOrNull('nonnegative').optional(),
  packetSize: packetSize.optional(),
  request: messageBytes().optional(),
  response: messageBytes().optional(),
  thinkTime: z
    .strictObject({
      distribution: z.enum(THINK_DISTRIBUTIONS).optional(),
      mean: boundedTime('nonnegative').optional(),
    })
    .optional(),
  connections: int({ min: 1, max: L.MAX_CONNECTIONS }).optional(),
  transactions: numericOrNull(plainNumber, { integer: true, min: 1, max: L.MAX_TRANSACTIONS }).optional(),
  tcp: TcpParamsSchema.optional(),
});

const FlowSchema = z.discriminatedUnion('kind', [TcpFlowSchema, CbrFlowSchema, TransactionFlowSchema]);

const FaultSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('dropSegments'),
    flow: ref,
    seqs: z.array(int({ min: 0, max: L.MAX_SEGMENTS - 1 })).max(L.MAX_DROP_SEQS),
  }),
  z.strictObject({
    kind: z.literal('dropBurst'),
    link: ref,
    from: ref.nullable().optional(),
    at: boundedTime('nonnegative').optional(),
    count: int({ min: 1, max: L.MAX_BURST }),
  }),
  z.strictObject({
    kind: z.literal('linkDown'),
    link: ref,
    at: boundedTime('nonnegative').optional(),
    duration: boundedTime('positive'),
  }),
  z.strictObject({
    kind: z.literal('randomLoss'),
    link: ref,
    from: ref.nullable().optional(),
    rate: num({ min: 0, max: 1 }),
    at: boundedTime('nonnegative').optional(),
    until: timeOrNull('nonnegative').optional(),
  }),
]);

export const ScenarioSchema = z.strictObject({
  version: num({
    special: (v, got) => (v === 1 ? undefined : `this loader reads version 1 scenarios (got ${got})`),
  }).optional(),
  name: z.string().max(L.MAX_NAME_CHARS).optional(),
  description: z.string().max(L.MAX_DESCRIPTION_CHARS).optional(),
  seed: int({ min: 0, max: L.MAX_SEED }).optional(),
  duration: time('positive', { max: L.MAX_DURATION }).optional(),
  sampleInterval: boundedTime('positive').optional(),
  startJitter: boundedTime('nonnegative').optional(),
  measure: z
    .strictObject({ from: boundedTime('nonnegative').optional(), to: boundedTime('nonnegative').optional() })
    .optional(),
  nodes: z.array(NodeSchema).max(L.MAX_NODES),
  links: z.array(LinkSchema).max(L.MAX_LINKS),
  flows: z.array(FlowSchema).max(L.MAX_FLOWS),
  faults: z.array(FaultSchema).max(L.MAX_FAULTS).optional(),
  // Which conventions fill what the scenario leaves out (types.ts Profile, scenario/ns2-profile.ts).
  profile: z.enum(PROFILES).optional(),
  // Opaque data for the page (layout, lesson text): carried through unread, only
  // checked to be plain JSON of a bounded depth and size (opaque.ts).
  ui: opaque().optional(),
  lesson: opaque().optional(),
});

/** What the schema yields: quantities in base units, defaults not yet filled. */
export type ParsedScenario = z.output<typeof ScenarioSchema>;
export type ParsedTcpParams = z.output<typeof TcpParamsSchema>;
export type ParsedQueue = z.output<typeof QueueSchema>;
export type ParsedDeliveryTrace = z.output<typeof DeliveryTraceSchema>;
