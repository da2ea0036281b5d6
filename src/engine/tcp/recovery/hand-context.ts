/**
 * A recovery context built by hand, for the table-driven tests of the
 * recovery modules (the style of ns-3's tcp-classic-recovery-test.cc: set
 * the state, call one hook, check what it changed and what it did). It
 * records every action a module takes instead of sending anything.
 */
import { PacketPool, MAX_SACK_BLOCKS } from '../../net/packets';
import type { Ev } from '../../output/event-log';
import { CaState } from '../ca-state';
import type { RecoveryContext } from './types';

/** One logged event, its sequence number as a data segment number (base 0 here). */
export interface LoggedEvent {
  kind: Ev;
  seq: number;
  args: number[];
  cwnd: number;
}

export class HandContext implements RecoveryContext {
  state = CaState.Open;
  highestAck = 9;
  maxSeq = 29;
  curSeq = 1000;
  rwnd = 100;
  dupThresh = 3;
  base = 0;
  now = 1;
  readonly pool = new PacketPool(16);
  cwnd = 20;
  inflation = 0;
  dupacks = 0;
  recover = -1;
  tSeqno = 30;

  // --- what the module did
  /** sequence numbers put on the wire, in order */
  readonly sent: number[] = [];
  /** limited transmits asked for */
  sendOnes = 0;
  /** sendMuch calls, by their maxburst */
  readonly sendMuchCalls: number[] = [];
  /** timer actions, in order: 'reset mild', 'reset', 'reset backoff', 'restart' */
  readonly timer: string[] = [];
  rttDiscarded = 0;
  backoffCleared = 0;
  readonly logged: LoggedEvent[] = [];

  constructor(o: Partial<HandContext> = {}) {
    Object.assign(this, o);
  }

  window(): number {
    return Math.min(Math.floor(this.cwnd) + this.inflation, Math.floor(this.rwnd));
  }
  send(seq: number): void {
    this.sent.push(seq);
    if (seq > this.maxSeq) this.maxSeq = seq;
  }
  sendOne(): void {
    this.sendOnes++;
  }
  /** the pacer's answer (tests of paced sending set it false) */
  paced = true;
  pacingAllows(): boolean {
    return this.paced;
  }
  sendMuch(maxburst: number): void {
    this.sendMuchCalls.push(maxburst);
  }
  resetRtxTimer(mild: boolean, backoff: boolean): void {
    this.timer.push(mild ? 'reset mild' : backoff ? 'reset backoff' : 'reset');
    if (!mild) this.tSeqno = this.highestAck + 1;
  }
  restartRtxTimer(): void {
    this.timer.push('restart');
  }
  discardRttSample(): void {
    this.rttDiscarded++;
  }
  clearBackoff(): void {
    this.backoffCleared++;
  }
  log(kind: Ev, seq: number, ...args: number[]): void {
    this.logged.push({ kind, seq: this.seg(seq), args, cwnd: this.cwnd });
  }
  seg(seq: number): number {
    return seq - this.base;
  }

  /** An ACK packet in the pool carrying these SACK blocks ([left, right] inclusive). */
  ack(blocks: [number, number][] = []): number {
    const pool = this.pool;
    const p = pool.alloc();
    pool.setNsack(p, blocks.length);
    const at = p * MAX_SACK_BLOCKS * 2;
    blocks.forEach(([l, r], i) => {
      pool.sack[at + 2 * i] = l;
      pool.sack[at + 2 * i + 1] = r;
    });
    return p;
  }
}
