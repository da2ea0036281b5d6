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
  cwndSum = 0;
  ssthreshSum = 0;
  samples = 0;

  onDelivered(payload: number, latencyNs: number, inMeasure: boolean): void {
    this.delivered++;
    this.bytes += payload;
    if (inMeasure) {
      this.measBytes += payload;
      this.measPackets++;
      this.latencySumNs += latencyNs;
    }
  }

  onSample(cwnd: number, ssthresh: number): void {
    this.cwndSum += cwnd;
    this.ssthreshSum += ssthresh;
    this.samples++;
  }
}
