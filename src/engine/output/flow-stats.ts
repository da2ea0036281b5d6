/**
 * Per-flow counters behind summary.csv. Delivery counts unique data packets
 * only (a duplicate retransmission adds nothing); the `meas*` fields count
 * only what arrives inside the scenario's measure window.
 */
export class FlowStats {
  /** CBR packets sent (TCP senders count their own) */
  sent = 0;
  /** unique data packets delivered, whole run */
  delivered = 0;
  /** unique payload bytes delivered, whole run (the series' cumulative count) */
  bytes = 0;
  measBytes = 0;
  measPackets = 0;
  latencySumNs = 0;
  /** data packets of this flow lost anywhere */
  drops = 0;
  /** data packets of this flow a queue marked CE */
  ceMarks = 0;
  ackDrops = 0;

  constructor(
    private readonly sums: WindowSums,
    private readonly index: number,
  ) {}

  /** Σ cwnd over the samples taken in the measure window (TCP flows) */
  get cwndSum(): number {
    return this.sums.cwnd[this.index];
  }
  /** Σ ssthresh over the samples taken in the measure window (TCP flows) */
  get ssthreshSum(): number {
    return this.sums.ssthresh[this.index];
  }
  /** samples taken in the measure window (the same for every flow) */
  get samples(): number {
    return this.sums.samples;
  }

  onDelivered(payload: number, latencyNs: number, inMeasure: boolean): void {
    this.delivered++;
    this.bytes += payload;
    if (inMeasure) {
      this.measBytes += payload;
      this.measPackets++;
      this.latencySumNs += latencyNs;
    }
  }
}

/**
 * Every flow's sums behind summary.csv's avg_cwnd and avg_ssthresh, in two
 * arrays the sampler adds to in flow order. Kept in the flows' counters
 * they were two more doubles per flow and sample for the sampler to fetch
 * and write back, each in a heap box of its own somewhere in memory (V8 boxes
 * double fields); here a sample writes two runs of adjacent memory.
 */
export class WindowSums {
  readonly cwnd: Float64Array;
  readonly ssthresh: Float64Array;
  /** samples added so far */
  samples = 0;

  constructor(flows: number) {
    this.cwnd = new Float64Array(flows);
    this.ssthresh = new Float64Array(flows);
  }

  add(flow: number, cwnd: number, ssthresh: number): void {
    this.cwnd[flow] += cwnd;
    this.ssthresh[flow] += ssthresh;
  }
}
