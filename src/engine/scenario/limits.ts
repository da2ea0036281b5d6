/**
 * The largest (and a few smallest) values the loader accepts, in one place.
 *
 * Each bound is one the engine can honour: past it a number would overflow a
 * 32-bit index, lose its nanosecond precision, hold more memory than a run
 * could use, or simply mean nothing for a network (a 1e12 s delay). They are
 * decided before a run starts, so no input the loader accepts can hang the
 * engine or exhaust the machine on its own; what a whole run needs is
 * estimated separately (memory.ts) because it depends on how the run is kept.
 * docs/scenario-format.md lists every bound with its reason.
 */

/**
 * Longest run, seconds: a week. Long runs (a day or two of a slow link) are
 * legitimate lessons; simulated time is held in nanoseconds, exact to 2^53 ns
 * (104 days), and the run's memory is checked separately (memory.ts).
 */
export const MAX_DURATION = 604_800;
/**
 * Any other time (a start, a delay, a timer), seconds: the same bound, so that a
 * time plus a run's duration stays exact in nanoseconds.
 */
export const MAX_TIME = MAX_DURATION;
/** The seed is mixed in as a 32-bit integer (core/rng.ts); larger ones would collide silently. */
export const MAX_SEED = 0xffff_ffff;
/** More samples than this would make the time series too large to hold in a browser tab. */
export const MAX_SAMPLES = 2_000_000;

/** Fastest link or CBR rate: anything faster is surely a typo, and would flood the event queue. */
export const MAX_BANDWIDTH = 1e12;
/** Slowest: one bit per second (a slower link would take longer than any run to send one packet). */
export const MIN_BANDWIDTH = 1;

/** Largest TCP payload: with 40 header bytes the packet still fits IPv4's 65535. */
export const MAX_PACKET_SIZE = 65495;
/** IPv4's largest packet: a TCP segment's payload plus headers must fit. */
export const MAX_IP_PACKET = 65535;
/** Largest file a flow may download, bytes (1 TB). */
export const MAX_FILE_BYTES = 1e12;
/**
 * Most data segments one flow may number: sequence numbers are 32-bit in the
 * packet pool, and the SYN and an endless flow's end marker take two of them.
 */
export const MAX_SEGMENTS = 0x7fff_fffd;

/**
 * Largest receiver window, segments. The receiver and Vegas keep rings sized
 * from it (4 × window bytes, 12 × window bytes); a million segments is a
 * 1 GB window of 1000-byte segments, 8 s of a 1 Gbit/s link.
 */
export const MAX_WINDOW = 1_000_000;
/** Largest queue, packets (each direction grows its buffer up to it). */
export const MAX_QUEUE_LIMIT = 1_000_000;
/** Largest byte limit of a queue: its packet limit of the largest IP packets. */
export const MAX_QUEUE_BYTES = MAX_QUEUE_LIMIT * MAX_IP_PACKET;
/** PIE's α and β, per second (RFC 8033 uses 0.125 and 1.25). */
export const MAX_PIE_GAIN = 1000;
/** Largest duplicate-ACK threshold: more than any window holds. */
export const MAX_DUPACK_THRESHOLD = MAX_WINDOW;
/** Largest RTO multiplier K of RFC 6298 (RTO = SRTT + K·RTTVAR; the standard value is 4). */
export const MAX_RTO_K = 1000;
/** Coarsest RTT clock tick, seconds (ns-2's is 0.01 s, BSD's was 0.5 s). */
export const MAX_TCP_TICK = 10;
/** Vegas thresholds, segments. */
export const MAX_VEGAS_PARAM = MAX_WINDOW;
/** CUBIC's C, segments/s³ (RFC 9438 uses 0.4). */
export const MAX_CUBIC_C = 100;
/** Largest dropBurst count. */
export const MAX_BURST = 1e9;
/** Editor coordinates, pixels. */
export const MAX_COORDINATE = 1e6;

/**
 * How many of each a scenario may have: room for a 2,000-flow dumbbell with
 * its CBR flows (4,400 nodes). Routing and setup are near-linear in them
 * (net/routing.ts); what the flows need in memory is estimated per run
 * (memory.ts).
 */
export const MAX_NODES = 10_000;
export const MAX_LINKS = 20_000;
export const MAX_FLOWS = 5_000;
/** parallel connections of one transaction flow (each runs as two one-way TCP flows) */
export const MAX_CONNECTIONS = 1_000;
/** transactions per connection of a transaction flow */
export const MAX_TRANSACTIONS = 1e9;
/** one-way TCP and CBR flows the engine runs, a transaction flow counting two per connection */
export const MAX_ENGINE_FLOWS = 2 * MAX_FLOWS;
export const MAX_FAULTS = 1000;
/** Segments one dropSegments fault may list. */
export const MAX_DROP_SEQS = 100_000;

/** Text fields, characters. */
export const MAX_ID_CHARS = 200;
export const MAX_NAME_CHARS = 500;
export const MAX_DESCRIPTION_CHARS = 100_000;

/**
 * The opaque `ui` and `lesson` values: nested at most this deep and this large
 * as JSON text. The page copies them between threads (structured clone), which
 * recurses: a deep enough value overflows the stack.
 */
export const MAX_OPAQUE_DEPTH = 32;
export const MAX_OPAQUE_CHARS = 1_000_000;

/** Largest scenario file the command-line runner reads, characters. */
export const MAX_FILE_CHARS = 50_000_000;
/** Largest file the page imports (a scenario or a sweep), bytes. */
export const MAX_IMPORT_BYTES = 10_000_000;
