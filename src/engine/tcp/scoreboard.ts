/**
 * The SACK sender's scoreboard (Fall & Floyd 1996, ns-2 scoreboard.cc):
 * for every sequence number between the cumulative ACK and the highest
 * SACKed one, whether the receiver holds it and whether we retransmitted it.
 *
 * A hole below the highest SACKed segment that has not been retransmitted is
 * the next thing to retransmit (ns-2 GetNextRetran: no DupThresh count of
 * SACKed segments above it, unlike RFC 6675's IsLost). Each hole is
 * retransmitted at most once per recovery: a lost retransmission is repaired
 * by the retransmission timer, as in ns-2.35's Sack1 (its ScoreBoardRQ) and
 * RFC 6675 (§5 leaves lost retransmissions to the RTO).
 */
import { MAX_SACK_BLOCKS, type PacketPool } from '../net/packets';

export class Scoreboard {
  private sacked: Uint8Array;
  private retran: Uint8Array;
  private mask: number;
  /** first sequence number tracked (cumulative ACK + 1) */
  left = 0;
  /** highest SACKed sequence number; the board is empty when right < left */
  right = -1;

  constructor(capacity = 256) {
    this.sacked = new Uint8Array(capacity);
    this.retran = new Uint8Array(capacity);
    this.mask = capacity - 1;
  }

  get empty(): boolean {
    return this.right < this.left;
  }

  clear(): void {
    this.right = this.left - 1;
  }

  /** Start afresh above a new cumulative ACK: `left` is its sequence number + 1. */
  reset(left: number): void {
    this.left = left;
    this.clear();
  }

  isSacked(seq: number): boolean {
    return seq >= this.left && seq <= this.right && this.sacked[seq & this.mask] === 1;
  }

  /**
   * Take in an ACK's cumulative point and SACK blocks. Returns how many
   * sequence numbers became SACKed (ns-2 CheckUpdate: a duplicate ACK only
   * counts when it reports new data).
   */
  update(highestAck: number, pool: PacketPool, pkt: number): number {
    if (highestAck + 1 > this.left) {
      if (this.empty) this.right = highestAck;
      this.left = highestAck + 1;
      if (this.right < this.left - 1) this.right = this.left - 1;
    }
    let changed = 0;
    const n = pool.nsack(pkt);
    const base = pkt * MAX_SACK_BLOCKS * 2;
    for (let b = 0; b < n; b++) {
      let l = pool.sack[base + 2 * b];
      const r = pool.sack[base + 2 * b + 1];
      if (r < this.left) continue;
      if (l < this.left) l = this.left;
      if (r > this.right) this.extend(r);
      for (let s = l; s <= r; s++) {
        const i = s & this.mask;
        if (this.sacked[i] === 0) {
          this.sacked[i] = 1;
          changed++;
        }
      }
    }
    return changed;
  }

  /** The first hole below the highest SACKed segment not yet retransmitted, or −1. */
  nextRetran(): number {
    for (let s = this.left; s < this.right; s++) {
      const i = s & this.mask;
      if (this.sacked[i] === 0 && this.retran[i] === 0) return s;
    }
    return -1;
  }

  /** Holes (unSACKed sequence numbers) below the highest SACKed one. */
  holes(): number {
    let h = 0;
    for (let s = this.left; s < this.right; s++) if (this.sacked[s & this.mask] === 0) h++;
    return h;
  }

  markRetran(seq: number): void {
    if (seq < this.left || seq > this.right) return;
    const i = seq & this.mask;
    this.retran[i] = 1;
  }

  private extend(r: number): void {
    while (r - this.left + 1 > this.sacked.length) this.grow();
    for (let s = this.right + 1; s <= r; s++) {
      const i = s & this.mask;
      this.sacked[i] = 0;
      this.retran[i] = 0;
    }
    this.right = r;
  }

  private grow(): void {
    const n = this.sacked.length * 2;
    const sacked = new Uint8Array(n);
    const retran = new Uint8Array(n);
    for (let s = this.left; s <= this.right; s++) {
      sacked[s & (n - 1)] = this.sacked[s & this.mask];
      retran[s & (n - 1)] = this.retran[s & this.mask];
    }
    this.sacked = sacked;
    this.retran = retran;
    this.mask = n - 1;
  }
}
