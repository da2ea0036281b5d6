/**
 * The loss-recovery lessons: one lost segment and several in one window,
 * stepped through side by side for Tahoe, Reno, NewReno and SACK, with the
 * captions the two share. Data for lessons.ts.
 */
import type { Variant } from '../engine/scenario/types';
import { VARIANT_LABELS } from '../engine/tcp/variants';
import type { CaptionTemplate, Lesson, LessonRun } from './lesson-types';

export const LOSS_VARIANTS: Variant[] = ['tahoe', 'reno', 'newreno', 'sack'];

export function variantRuns(flow: string, variants: Variant[]): LessonRun[] {
  return variants.map((v) => ({ id: v, label: VARIANT_LABELS[v], patch: { flows: { [flow]: { variant: v } } } }));
}

// ---------------------------------------------------------------------------
// Captions shared by the two loss lessons
// ---------------------------------------------------------------------------

export const SS_EXIT: CaptionTemplate = {
  step: 'ss_exit',
  text: 'cwnd has reached ssthresh ({ssthresh} segments): slow start (one more segment per ACK, the window doubling every round trip) ends and congestion avoidance begins — about one more segment per round trip.',
};

export const DUPACKS: CaptionTemplate = {
  step: 'dupacks',
  text: 'Duplicate ACKs: every segment that arrives after the hole makes the receiver repeat its ACK for the last segment it holds in order ({prev}). One or two could just mean reordering; the sender waits for the third.',
};

export const FAST_RETRANSMIT: CaptionTemplate[] = [
  {
    step: 'fast_retransmit',
    variants: ['tahoe'],
    text: 'The third duplicate ACK: Tahoe retransmits segment {seq} at once (fast retransmit), but then treats the loss like a timeout: ssthresh = half the window ({ssthresh}), cwnd = 1 segment. It goes back to segment {seq} and slow-starts from there: whatever the receiver has not acknowledged beyond it will be sent again, even segments that did arrive.',
  },
  {
    step: 'fast_retransmit',
    variants: ['reno', 'newreno'],
    text: 'The third duplicate ACK: {variant} retransmits segment {seq} without waiting for the timer (fast retransmit) and halves its window: ssthresh = cwnd = {ssthresh} segments.',
  },
  {
    step: 'fast_retransmit',
    variants: ['sack'],
    text: 'The third duplicate ACK: SACK retransmits segment {seq} and halves its window (ssthresh = cwnd = {ssthresh}). Unlike the others it knows more than "something is missing": each duplicate ACK carried SACK blocks saying exactly which later segments arrived.',
  },
];

export const RECOVERY_ENTER: CaptionTemplate[] = [
  {
    step: 'recovery_enter',
    variants: ['reno', 'newreno'],
    text: 'Fast recovery with window inflation: cwnd is set to ssthresh + 3 and grows by one segment for every further duplicate ACK. Each duplicate ACK means a segment has left the network, so one new segment may enter: the ACK clock keeps ticking while the hole is repaired.',
  },
  {
    step: 'recovery_enter',
    variants: ['sack'],
    text: 'SACK fast recovery: instead of inflating cwnd, the sender estimates the segments still in the network (pipe) from its scoreboard, and sends — holes first, then new data — whenever pipe is below cwnd ({cwnd}).',
  },
];

export const RECOVERY_LESSONS: readonly Lesson[] = [
  {
    id: 'one-loss',
    title: 'One lost segment',
    summary: 'One segment is lost: watch Tahoe, Reno, NewReno and SACK notice it and recover.',
    preset: 'lesson-one-loss',
    flow: 'tcp',
    runs: variantRuns('tcp', LOSS_VARIANTS),
    intro:
      'The same transfer four times — Tahoe, Reno, NewReno and SACK — over a 1.5 Mbps bottleneck. Segment 100 is thrown away once, on purpose; nothing else is ever lost. Step from event to event and compare what each variant does with the same single loss.',
    watch: [
      'cwnd just before and just after the fast retransmit',
      'Tahoe: back to 1 segment and slow start; the others: half the window',
      'Reno and NewReno: the window inflating during fast recovery, then deflating',
      'how long each run takes to send the next 100 segments',
    ],
    captions: [
      {
        step: 'drop',
        text: 'Segment {seq} is thrown away at {time} s. The sender does not know yet: it keeps sending, and every later segment makes the receiver repeat its ACK for segment {prev} — duplicate ACKs are on their way.',
      },
      DUPACKS,
      ...FAST_RETRANSMIT,
      ...RECOVERY_ENTER,
      {
        step: 'recovery_exit',
        text: 'The ACK for the retransmission covers everything sent before the loss: fast recovery ends. cwnd is now ssthresh ({cwnd} segments) and grows by about one segment per round trip. Price of the loss: half the window and about one round trip — no timeout.',
      },
      {
        step: 'ss_exit',
        variants: ['tahoe'],
        text: 'cwnd is back at ssthresh ({ssthresh}): Tahoe’s slow start after the loss ends here and congestion avoidance begins. It got here from 1 segment, resending segments the receiver already had on the way.',
      },
      SS_EXIT,
      {
        step: 'timeout',
        text: 'No ACK came back before the retransmission timer expired: ssthresh = {ssthresh}, cwnd = 1, and the sender starts again from segment {seq}.',
      },
    ],
    questions: [
      {
        id: 'one-loss-cwnd',
        at: 'fast_retransmit',
        variants: ['reno', 'newreno', 'sack'],
        prompt: 'Three duplicate ACKs for segment 99 have arrived. What will cwnd do?',
        choices: ['Stay the same', 'Halve', 'Drop to 1 segment', 'Double'],
        answer: 'Halve',
        why: 'Three duplicate ACKs mean later segments are still getting through: the network is congested, not broken. Reno, NewReno and SACK halve the window (multiplicative decrease) and keep sending.',
      },
      {
        id: 'one-loss-cwnd-tahoe',
        at: 'fast_retransmit',
        variants: ['tahoe'],
        prompt: 'Three duplicate ACKs for segment 99 have arrived. What will Tahoe’s cwnd do?',
        choices: ['Stay the same', 'Halve', 'Drop to 1 segment', 'Double'],
        answer: 'Drop to 1 segment',
        why: 'Tahoe has fast retransmit but no fast recovery: after retransmitting it restarts from cwnd = 1 in slow start, as after a timeout. Only ssthresh remembers half the old window.',
      },
      {
        id: 'one-loss-deflate',
        at: 'recovery_exit',
        variants: ['reno', 'newreno'],
        prompt:
          'During fast recovery cwnd was inflated by one segment per duplicate ACK. When the ACK for the retransmitted segment arrives, what happens to cwnd?',
        choices: ['It stays inflated', 'It deflates to ssthresh', 'It drops to 1 segment', 'It doubles'],
        answer: 'It deflates to ssthresh',
        why: 'The inflation only stood for segments that had left the network while the hole was open. Once the hole is filled, those segments are acknowledged for real, and the window falls back to ssthresh — half the window before the loss.',
      },
    ],
  },
  {
    id: 'multi-loss',
    title: 'Several lost segments in one window',
    summary:
      'Three segments of one window are lost: Reno times out, NewReno repairs one hole per round trip, SACK all at once.',
    preset: 'lesson-multi-loss',
    flow: 'tcp',
    runs: variantRuns('tcp', LOSS_VARIANTS),
    intro:
      'The same transfer as in "One lost segment", but now segments 100, 102 and 104 — three from the same window — are thrown away. All four variants see the first loss the same way; what differs is how (and whether) they find the other two.',
    watch: [
      'the first ACK after the first retransmission: it covers 101, not the whole window (a partial ACK)',
      'Reno: leaves fast recovery at that partial ACK, then waits for the timer',
      'NewReno: one retransmission per round trip, still in fast recovery',
      'SACK: both other holes retransmitted within the same round trip',
      'Tahoe: slow start from segment 100, resending everything after it',
    ],
    captions: [
      {
        step: 'drop',
        text: 'Segment {seq} is lost. Three segments of this window are lost (100, 102 and 104); the duplicate ACKs will only point at the first hole. The sender learns of the others one at a time — unless it has SACK.',
      },
      DUPACKS,
      ...FAST_RETRANSMIT,
      ...RECOVERY_ENTER,
      {
        step: 'recovery_exit',
        variants: ['reno'],
        text: 'New data is acknowledged — but only up to segment {seq}: a partial ACK, because segment {next} is missing too. Reno treats any new ACK as the end of recovery: it deflates cwnd to {cwnd} and leaves fast recovery. To repair the next hole it needs three more duplicate ACKs, and with half the window gone there are too few segments left in flight to produce them.',
      },
      {
        step: 'timeout',
        variants: ['reno'],
        text: 'Reno’s retransmission timer expires: the remaining holes produced too few duplicate ACKs for another fast retransmit. ssthresh = {ssthresh}, cwnd = 1, slow start from segment {seq}. The wait for the timer and the restart from one segment are what NewReno and SACK avoid.',
      },
      {
        step: 'partial_ack',
        variants: ['newreno'],
        text: 'Partial ACK for segment {seq}: the retransmission arrived, but the ACK stops short of the recovery point. NewReno concludes that the next unacknowledged segment was lost too, retransmits it at once and stays in fast recovery — one hole repaired per round trip, no timeout.',
      },
      {
        step: 'retransmit',
        variants: ['sack'],
        text: 'SACK retransmits segment {seq}: its scoreboard shows a hole below the highest segment the receiver reported. It fills the remaining holes within the same round trip as the first retransmission; NewReno would need one round trip per hole.',
      },
      {
        step: 'partial_ack',
        variants: ['sack'],
        text: 'Partial ACK for segment {seq}: SACK has already resent the other holes, so it simply stays in fast recovery until everything up to the recovery point is acknowledged.',
      },
      {
        step: 'recovery_exit',
        variants: ['newreno', 'sack'],
        text: 'The ACK covers the recovery point: all three holes are repaired. Fast recovery ends with cwnd = ssthresh = {cwnd}: the window was halved once for the three losses, and no timeout.',
      },
      {
        step: 'ss_exit',
        variants: ['tahoe', 'reno'],
        text: 'cwnd is back at ssthresh ({ssthresh}) after restarting from 1 segment: slow start ends, congestion avoidance begins.',
      },
      SS_EXIT,
      {
        step: 'timeout',
        text: 'The retransmission timer expired: ssthresh = {ssthresh}, cwnd = 1, slow start from segment {seq}.',
      },
    ],
    questions: [
      {
        id: 'multi-loss-cwnd',
        at: 'fast_retransmit',
        variants: ['reno', 'newreno', 'sack'],
        prompt:
          'Three duplicate ACKs for segment 99 have arrived (segments 100, 102 and 104 are missing). What will cwnd do?',
        choices: ['Stay the same', 'Halve', 'Drop to 1 segment', 'Halve three times, once per lost segment'],
        answer: 'Halve',
        why: 'The duplicate ACKs only tell the sender about the first hole, so it reacts once: it halves the window. (Whether it must halve again later is what separates Reno from NewReno and SACK.)',
      },
      {
        id: 'multi-loss-cwnd-tahoe',
        at: 'fast_retransmit',
        variants: ['tahoe'],
        prompt: 'Three duplicate ACKs for segment 99 have arrived. What will Tahoe’s cwnd do?',
        choices: ['Stay the same', 'Halve', 'Drop to 1 segment', 'Halve three times, once per lost segment'],
        answer: 'Drop to 1 segment',
        why: 'Tahoe always restarts from cwnd = 1 after a loss. Going back to segment 100 and resending everything after it also fills the holes at 102 and 104, at the price of resending segments that had arrived.',
      },
      {
        id: 'multi-loss-reno-partial',
        at: 'recovery_exit',
        variants: ['reno'],
        prompt:
          'The ACK for the retransmitted segment 100 arrives; it acknowledges up to 101, but 102 is still missing. What does Reno do?',
        choices: [
          'Retransmits 102 at once and stays in fast recovery',
          'Leaves fast recovery and waits for new duplicate ACKs or the timer',
          'Retransmits the whole window',
          'Halves cwnd again',
        ],
        answer: 'Leaves fast recovery and waits for new duplicate ACKs or the timer',
        why: 'Reno ends fast recovery at the first ACK of new data. It has no rule for "this ACK did not cover everything", so the hole at 102 is left for another round of three duplicate ACKs — which a halved window rarely produces — or for the retransmission timer.',
      },
      {
        id: 'multi-loss-newreno-partial',
        at: 'partial_ack',
        variants: ['newreno'],
        prompt:
          'The ACK for the retransmitted segment 100 acknowledges up to 101, but 102 is still missing. What does NewReno do?',
        choices: [
          'Retransmits 102 at once and stays in fast recovery',
          'Leaves fast recovery and waits for new duplicate ACKs or the timer',
          'Retransmits the whole window',
          'Halves cwnd again',
        ],
        answer: 'Retransmits 102 at once and stays in fast recovery',
        why: 'A partial ACK tells NewReno that the segment just after it was lost too (RFC 6582). It retransmits it immediately and leaves fast recovery only when the recovery point is acknowledged: one hole per round trip, without halving again.',
      },
      {
        id: 'multi-loss-sack-rounds',
        at: 'retransmit',
        variants: ['sack'],
        prompt: 'SACK has retransmitted segment 100. How many round trips will it need to repair all three holes?',
        choices: ['One', 'Two', 'Three', 'It needs a timeout'],
        answer: 'One',
        why: 'The SACK blocks show the sender every hole at once. As soon as pipe drops below cwnd it resends 102 and 104, in the same round trip as 100.',
      },
    ],
  },
];
