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
import * as z from 'zod/mini';
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
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx): number => {
      const r = readNumber(value, parse, rule);
      if (r.ok) return r.value;
      ctx.issues.push({ code: 'custom', message: r.message, input: value });
      return z.NEVER;
    }),
  );
}

/** The same, where null is a meaningful value ("until the end of the run", "endless"). */
function numericOrNull(parse: Parser, rule: NumberRule = {}) {
  return z.pipe(
    z.unknown(),
    z.transform((value, ctx): number | null => {
      if (value === null) return null;
      const r = readNumber(value, parse, rule);
      if (r.ok) return r.value;
      ctx.issues.push({ code: 'custom', message: r.message, input: value });
      return z.NEVER;
    }),
  );
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

const id = z.string().check(z.minLength(1), z.maxLength(L.MAX_ID_CHARS));
const ref = z.string().check(z.minLength(1), z.maxLength(L.MAX_ID_CHARS));
const probability = () => num({ above: 0, max: 1 });
/** A time that must fit a run: at most MAX_TIME seconds. */
const boundedTime = (sign: Sign) => time(sign, { max: L.MAX_TIME });
const rate = () => bandwidth({ min: L.MIN_BANDWIDTH, max: L.MAX_BANDWIDTH });
const coordinate = () => num({ min: -L.MAX_COORDINATE, max: L.MAX_COORDINATE });

/** Opaque page or lesson data: any JSON value, within a depth and a size (opaque.ts). */
const opaque = () =>
  z.unknown().check(
    z.superRefine((value, ctx) => {
      const problem = opaqueProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, input: value });
    }),
  );

// ---------------------------------------------------------------------------
// Objects

const NodeSchema = z.strictObject({
  id,
  kind: z.enum(['host', 'router']),
  x: z.optional(coordinate()),
  y: z.optional(coordinate()),
});

const queueLimit = int({
  min: 1,
  max: L.MAX_QUEUE_LIMIT,
  special: (v) =>
    v === 0 ? 'a queue limit of 0 holds no packets and would drop everything: must be at least 1 packet' : undefined,
});

/** A byte limit on what waits (the packet being sent not counted); null: none. */
const limitBytes = () =>
  z.optional(numericOrNull(quantity(BYTES, 'positive'), { unit: 'bytes', integer: true, max: L.MAX_QUEUE_BYTES }));

const DropTailSchema = z.strictObject({
  // Absent type means DropTail, ns-2's default queue.
  type: z.optional(z.literal('droptail')),
  limit: z.optional(queueLimit),
  limitBytes: limitBytes(),
});

const RedSchema = z.strictObject({
  type: z.literal('red'),
  limit: z.optional(queueLimit),
  minThresh: z.optional(num({ min: 0, max: L.MAX_QUEUE_LIMIT })),
  maxThresh: z.optional(num({ above: 0, max: L.MAX_QUEUE_LIMIT })),
  maxP: z.optional(probability()),
  weight: z.optional(probability()),
  gentle: z.optional(z.boolean()),
  meanPacketSize: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  ecn: z.optional(z.boolean()),
  limitBytes: limitBytes(),
});

const CodelSchema = z.strictObject({
  type: z.literal('codel'),
  limit: z.optional(queueLimit),
  limitBytes: limitBytes(),
  target: z.optional(boundedTime('positive')),
  interval: z.optional(boundedTime('positive')),
  maxPacket: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  ecn: z.optional(z.boolean()),
});

const FqCodelSchema = z.strictObject({
  type: z.literal('fqcodel'),
  limit: z.optional(queueLimit),
  limitBytes: limitBytes(),
  target: z.optional(boundedTime('positive')),
  interval: z.optional(boundedTime('positive')),
  maxPacket: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  quantum: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  flows: z.optional(int({ min: 1, max: 65536 })),
  dropBatch: z.optional(int({ min: 1, max: 65536 })),
  ecn: z.optional(z.boolean()),
});

const PieSchema = z.strictObject({
  type: z.literal('pie'),
  limit: z.optional(queueLimit),
  limitBytes: limitBytes(),
  target: z.optional(boundedTime('positive')),
  tUpdate: z.optional(boundedTime('positive')),
  alpha: z.optional(num({ min: 0, max: L.MAX_PIE_GAIN })),
  beta: z.optional(num({ min: 0, max: L.MAX_PIE_GAIN })),
  maxBurst: z.optional(boundedTime('nonnegative')),
  meanPacketSize: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  dequeueRateEstimator: z.optional(z.boolean()),
  capDropAdjustment: z.optional(z.boolean()),
  derandomize: z.optional(z.boolean()),
  ecn: z.optional(z.boolean()),
  ecnThreshold: z.optional(num({ min: 0, max: 1 })),
});

const QueueSchema = z.discriminatedUnion('type', [DropTailSchema, RedSchema, CodelSchema, FqCodelSchema, PieSchema]);

const RateStepSchema = z.strictObject({
  at: boundedTime('nonnegative'),
  bandwidth: bandwidth({ max: L.MAX_BANDWIDTH }),
  from: z.optional(ref),
});

/** Most delivery opportunities an inline trace may list (a 60 s trace at 100 Mb/s). */
export const MAX_TRACE_POINTS = 500_000;

const DeliveryTraceSchema = z.strictObject({
  from: z.optional(ref),
  sample: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
  ms: z.optional(
    z.array(z.number().check(z.int(), z.gte(0), z.lte(L.MAX_TIME * 1000))).check(z.maxLength(MAX_TRACE_POINTS)),
  ),
  mtu: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  /** a Mahimahi file, relative to the scenario file: the command-line runner reads it into `ms` */
  file: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
});

const LinkSchema = z.strictObject({
  id,
  a: ref,
  b: ref,
  bandwidth: rate(),
  delay: boundedTime('nonnegative'),
  queue: z.optional(QueueSchema),
  schedule: z.optional(z.array(RateStepSchema).check(z.maxLength(100_000))),
  trace: z.optional(z.union([DeliveryTraceSchema, z.array(DeliveryTraceSchema).check(z.maxLength(2))])),
});

const TcpParamsSchema = z.strictObject({
  window: z.optional(num({ min: 1, max: L.MAX_WINDOW })),
  initialCwnd: z.optional(num({ min: 1, max: L.MAX_WINDOW })),
  dupAckThreshold: z.optional(int({ min: 1, max: L.MAX_DUPACK_THRESHOLD })),
  initialRto: z.optional(boundedTime('positive')),
  // A zero minimum RTO would let a timer fire at the same instant forever.
  minRto: z.optional(boundedTime('positive')),
  maxRto: z.optional(boundedTime('positive')),
  rttGain: z.optional(probability()),
  rttVarGain: z.optional(probability()),
  rtoK: z.optional(num({ min: 0, max: L.MAX_RTO_K })),
  // 0 is exact time; the rest of the tick rules (gains, phase) are cross-field (validate.ts).
  tcpTick: z.optional(time('nonnegative', { max: L.MAX_TCP_TICK })),
  tcpTickPhase: z.optional(time('nonnegative', { max: L.MAX_TCP_TICK })),
  delayedAck: z.optional(z.boolean()),
  delayedAckTimeout: z.optional(boundedTime('positive')),
  handshake: z.optional(z.boolean()),
  headerBytes: z.optional(bytes('nonnegative', { max: L.MAX_IP_PACKET - 1 })),
  ackBytes: z.optional(bytes('positive', { max: L.MAX_IP_PACKET })),
  // The TCP option space holds at most 4 SACK blocks (RFC 2018).
  maxSackBlocks: z.optional(int({ min: 1, max: 4 })),
  ecn: z.optional(z.boolean()),
  pacing: z.optional(z.boolean()),
  vegas: z.optional(
    z.strictObject({
      alpha: z.optional(num({ min: 0, max: L.MAX_VEGAS_PARAM })),
      beta: z.optional(num({ min: 0, max: L.MAX_VEGAS_PARAM })),
      gamma: z.optional(num({ min: 0, max: L.MAX_VEGAS_PARAM })),
      agent: z.optional(z.enum(['engine', 'ns2'])),
    }),
  ),
  cubic: z.optional(
    z.strictObject({
      beta: z.optional(num({ above: 0, below: 1 })),
      c: z.optional(num({ above: 0, max: L.MAX_CUBIC_C })),
      fastConvergence: z.optional(z.boolean()),
      renoFriendly: z.optional(z.boolean()),
      hystart: z.optional(z.boolean()),
    }),
  ),
  dctcp: z.optional(
    z.strictObject({
      g: z.optional(num({ above: 0, max: 1 })),
      initialAlpha: z.optional(num({ min: 0, max: 1 })),
    }),
  ),
  westwood: z.optional(z.strictObject({ filterTau: z.optional(boundedTime('positive')) })),
});

const packetSize = bytes('positive', { max: L.MAX_PACKET_SIZE });

const TcpFlowSchema = z.strictObject({
  id,
  // Absent kind means TCP, the flow this lab is about.
  kind: z.optional(z.literal('tcp')),
  variant: z.enum(VARIANTS),
  from: ref,
  to: ref,
  start: z.optional(boundedTime('nonnegative')),
  stop: z.optional(timeOrNull('nonnegative')),
  bytes: z.optional(
    numericOrNull(quantity(BYTES, 'positive'), { unit: 'bytes', integer: true, max: L.MAX_FILE_BYTES }),
  ),
  packetSize: z.optional(packetSize),
  tcp: z.optional(TcpParamsSchema),
});

const CbrFlowSchema = z.strictObject({
  id,
  kind: z.literal('cbr'),
  from: ref,
  to: ref,
  rate: rate(),
  packetSize: z.optional(packetSize),
  start: z.optional(boundedTime('nonnegative')),
  stop: z.optional(timeOrNull('nonnegative')),
});

const messageBytes = () => bytes('positive', { integer: true, max: L.MAX_FILE_BYTES });

const TransactionFlowSchema = z.strictObject({
  id,
  kind: z.literal('transaction'),
  variant: z.enum(VARIANTS),
  from: ref,
  to: ref,
  start: z.optional(boundedTime('nonnegative')),
  stop: z.optional(timeOrNull('nonnegative')),
  packetSize: z.optional(packetSize),
  request: z.optional(messageBytes()),
  response: z.optional(messageBytes()),
  thinkTime: z.optional(
    z.strictObject({
      distribution: z.optional(z.enum(THINK_DISTRIBUTIONS)),
      mean: z.optional(boundedTime('nonnegative')),
    }),
  ),
  connections: z.optional(int({ min: 1, max: L.MAX_CONNECTIONS })),
  transactions: z.optional(numericOrNull(plainNumber, { integer: true, min: 1, max: L.MAX_TRANSACTIONS })),
  tcp: z.optional(TcpParamsSchema),
});

const FlowSchema = z.discriminatedUnion('kind', [TcpFlowSchema, CbrFlowSchema, TransactionFlowSchema]);

const FaultSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('dropSegments'),
    flow: ref,
    seqs: z.array(int({ min: 0, max: L.MAX_SEGMENTS - 1 })).check(z.maxLength(L.MAX_DROP_SEQS)),
  }),
  z.strictObject({
    kind: z.literal('dropBurst'),
    link: ref,
    from: z.optional(z.nullable(ref)),
    at: z.optional(boundedTime('nonnegative')),
    count: int({ min: 1, max: L.MAX_BURST }),
  }),
  z.strictObject({
    kind: z.literal('linkDown'),
    link: ref,
    at: z.optional(boundedTime('nonnegative')),
    duration: boundedTime('positive'),
  }),
  z.strictObject({
    kind: z.literal('randomLoss'),
    link: ref,
    from: z.optional(z.nullable(ref)),
    rate: num({ min: 0, max: 1 }),
    at: z.optional(boundedTime('nonnegative')),
    until: z.optional(timeOrNull('nonnegative')),
  }),
]);

export const ScenarioSchema = z.strictObject({
  version: z.optional(
    num({
      special: (v, got) => (v === 1 ? undefined : `this loader reads version 1 scenarios (got ${got})`),
    }),
  ),
  name: z.optional(z.string().check(z.maxLength(L.MAX_NAME_CHARS))),
  description: z.optional(z.string().check(z.maxLength(L.MAX_DESCRIPTION_CHARS))),
  seed: z.optional(int({ min: 0, max: L.MAX_SEED })),
  duration: z.optional(time('positive', { max: L.MAX_DURATION })),
  sampleInterval: z.optional(boundedTime('positive')),
  startJitter: z.optional(boundedTime('nonnegative')),
  measure: z.optional(
    z.strictObject({ from: z.optional(boundedTime('nonnegative')), to: z.optional(boundedTime('nonnegative')) }),
  ),
  nodes: z.array(NodeSchema).check(z.maxLength(L.MAX_NODES)),
  links: z.array(LinkSchema).check(z.maxLength(L.MAX_LINKS)),
  flows: z.array(FlowSchema).check(z.maxLength(L.MAX_FLOWS)),
  faults: z.optional(z.array(FaultSchema).check(z.maxLength(L.MAX_FAULTS))),
  // Which conventions fill what the scenario leaves out (types.ts Profile, scenario/ns2-profile.ts).
  profile: z.optional(z.enum(PROFILES)),
  // Opaque data for the page (layout, lesson text): carried through unread, only
  // checked to be plain JSON of a bounded depth and size (opaque.ts).
  ui: z.optional(opaque()),
  lesson: z.optional(opaque()),
});

/** What the schema yields: quantities in base units, defaults not yet filled. */
export type ParsedScenario = z.output<typeof ScenarioSchema>;
export type ParsedTcpParams = z.output<typeof TcpParamsSchema>;
export type ParsedQueue = z.output<typeof QueueSchema>;
export type ParsedDeliveryTrace = z.output<typeof DeliveryTraceSchema>;
