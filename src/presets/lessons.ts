/**
 * Guided lessons as data: which lesson scenario to load (a preset of the
 * catalog, scenarios/lessons/*.json), which runs to show side by side (the
 * same scenario with another variant, queue or delay), a caption template
 * for each protocol event a student steps to, and predict-then-reveal
 * questions attached to key steps. Pure data and small pure helpers; the
 * page (later) renders them.
 *
 * Steps are the rows of events.csv (`event` column: drop, fast_retransmit,
 * recovery_enter, recovery_exit, partial_ack, timeout, retransmit, ss_exit,
 * complete, link_down, link_up). The engine does not log each duplicate ACK
 * as an event; the pseudo-step `dupacks` is the lead-in the page shows just
 * before a `fast_retransmit` step (its own detail says how many arrived).
 * `start` and `end` are the moments before the first step and after the last.
 */
import type { ProtocolEventName } from '../engine/api';
import type { Variant } from '../engine/scenario/types';
import { VARIANT_LABELS } from '../engine/scenario/types';

export type StepKind = ProtocolEventName | 'dupacks';

/** A change to the lesson's scenario for one of the side-by-side runs. */
export interface LessonPatch {
  /** flow id → fields to replace (variant, start, …) */
  flows?: Record<string, { variant?: Variant; start?: number }>;
  /** link id → fields to replace (delay, bandwidth, queue) */
  links?: Record<string, { delay?: string; bandwidth?: string; queue?: Record<string, unknown> }>;
  /** replaces the scenario's faults */
  faults?: unknown[];
}

export interface LessonRun {
  /** short, URL-safe, unique in the lesson */
  id: string;
  /** label above this run's charts */
  label: string;
  patch: LessonPatch;
}

/**
 * A caption for one kind of step. Placeholders, filled from the event row:
 * {seq}, {prev} (seq − 1), {next} (seq + 1), {cwnd}, {ssthresh}, {time} (s),
 * {flow}, {variant} (display name), {detail} (the engine's own sentence).
 */
export interface CaptionTemplate {
  step: StepKind;
  /** the variants it is written for; absent: every run */
  variants?: Variant[];
  text: string;
}

export interface LessonQuestion {
  id: string;
  /** the step it is attached to; the question is asked just before that step is revealed */
  at: StepKind | 'start' | 'end';
  /** only in these runs (absent: every run) */
  variants?: Variant[];
  /** the n-th step of that kind in the run, from 1 (default 1) */
  occurrence?: number;
  prompt: string;
  choices: string[];
  /** one of `choices`, word for word */
  answer: string;
  /** shown after the student answers */
  why: string;
}

export interface Lesson {
  /** stable, URL-safe id */
  id: string;
  title: string;
  /** one sentence for the lesson list */
  summary: string;
  /** the catalog preset the lesson runs (scenarios/lessons/<preset>.json) */
  preset: string;
  /** the flow the runs differ in, and whose events the captions follow */
  flow: string;
  /** the runs shown side by side, in order */
  runs: LessonRun[];
  /** what to read before pressing Step (Markdown) */
  intro: string;
  /** what to watch, one short line each */
  watch: string[];
  captions: CaptionTemplate[];
  questions: LessonQuestion[];
}


export { VARIANT_LABELS };

const LOSS_VARIANTS: Variant[] = ['tahoe', 'reno', 'newreno', 'sack'];

function variantRuns(flow: string, variants: Variant[]): LessonRun[] {
  return variants.map((v) => ({ id: v, label: VARIANT_LABELS[v], patch: { flows: { [flow]: { variant: v } } } }));
}

// ---------------------------------------------------------------------------
// Captions shared by the two loss lessons
// ---------------------------------------------------------------------------

const SS_EXIT: CaptionTemplate = {
  step: 'ss_exit',
  text: 'cwnd has reached ssthresh ({ssthresh} segments): slow start (one more segment per ACK, the window doubling every round trip) ends and congestion avoidance begins — about one more segment per round trip.',
};

const DUPACKS: CaptionTemplate = {
  step: 'dupacks',
  text: 'Duplicate ACKs: every segment that arrives after the hole makes the receiver repeat its ACK for the last segment it holds in order ({prev}). One or two could just mean reordering; the sender waits for the third.',
};

const FAST_RETRANSMIT: CaptionTemplate[] = [
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

const RECOVERY_ENTER: CaptionTemplate[] = [
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

// ---------------------------------------------------------------------------
// The lessons
// ---------------------------------------------------------------------------

export const LESSONS: readonly Lesson[] = [
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
        prompt: 'During fast recovery cwnd was inflated by one segment per duplicate ACK. When the ACK for the retransmitted segment arrives, what happens to cwnd?',
        choices: ['It stays inflated', 'It deflates to ssthresh', 'It drops to 1 segment', 'It doubles'],
        answer: 'It deflates to ssthresh',
        why: 'The inflation only stood for segments that had left the network while the hole was open. Once the hole is filled, those segments are acknowledged for real, and the window falls back to ssthresh — half the window before the loss.',
      },
    ],
  },
  {
    id: 'multi-loss',
    title: 'Several lost segments in one window',
    summary: 'Three segments of one window are lost: Reno times out, NewReno repairs one hole per round trip, SACK all at once.',
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
        prompt: 'Three duplicate ACKs for segment 99 have arrived (segments 100, 102 and 104 are missing). What will cwnd do?',
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
        prompt: 'The ACK for the retransmitted segment 100 arrives; it acknowledges up to 101, but 102 is still missing. What does Reno do?',
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
        prompt: 'The ACK for the retransmitted segment 100 acknowledges up to 101, but 102 is still missing. What does NewReno do?',
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
  {
    id: 'slow-start',
    title: 'Slow start and the ssthresh crossing',
    summary: 'cwnd doubles every round trip until it reaches ssthresh, then grows by one segment per round trip.',
    preset: 'lesson-slow-start',
    flow: 'tcp',
    runs: variantRuns('tcp', ['tahoe', 'reno']),
    intro:
      'A Tahoe transfer with a window of 40 segments. At first ssthresh equals the window, so slow start runs until cwnd reaches 40. Then one segment is lost: Tahoe sets ssthresh to half the window and starts again from cwnd = 1 — and crosses ssthresh a second time.',
    watch: [
      'cwnd on a log scale: a straight line in slow start',
      'the bend where cwnd crosses ssthresh',
      'the dashed ssthresh line dropping to 20 at the loss',
    ],
    captions: [
      {
        step: 'ss_exit',
        text: 'cwnd = {cwnd} has reached ssthresh = {ssthresh}. In slow start each ACK added one segment, so the window doubled every round trip; from here each ACK adds only 1/cwnd, about one segment per round trip (congestion avoidance).',
      },
      { step: 'drop', text: 'Segment {seq} is lost (on purpose).' },
      {
        step: 'fast_retransmit',
        variants: ['tahoe'],
        text: 'Fast retransmit of segment {seq}: ssthresh becomes half the window ({ssthresh}) and cwnd restarts from 1 — a new slow start that will end at the new, lower ssthresh.',
      },
      {
        step: 'fast_retransmit',
        variants: ['reno'],
        text: 'Fast retransmit of segment {seq}: Reno halves the window (cwnd = ssthresh = {ssthresh}) and continues in congestion avoidance — no second slow start.',
      },
      ...RECOVERY_ENTER.filter((c) => c.variants?.includes('reno')),
      {
        step: 'recovery_exit',
        text: 'Fast recovery ends: cwnd = ssthresh = {cwnd}, congestion avoidance from here.',
      },
    ],
    questions: [
      {
        id: 'slow-start-rtts',
        at: 'start',
        prompt: 'cwnd starts at 2 segments and doubles every round trip in slow start. About how many round trips until it reaches 40?',
        choices: ['2', '4 to 5', '20', '40'],
        answer: '4 to 5',
        why: '2 → 4 → 8 → 16 → 32 → 40: a little over four doublings. Slow start is only slow compared with sending the whole window at once.',
      },
      {
        id: 'slow-start-after-loss',
        at: 'ss_exit',
        occurrence: 2,
        variants: ['tahoe'],
        prompt: 'After the loss Tahoe restarted from cwnd = 1. Where will this second slow start end?',
        choices: ['At 40, the window', 'At 20, the new ssthresh', 'At 1', 'It never ends'],
        answer: 'At 20, the new ssthresh',
        why: 'The loss set ssthresh to half the window in use (20). Slow start always ends where cwnd reaches ssthresh.',
      },
    ],
  },
  {
    id: 'outage-backoff',
    title: 'An outage and exponential RTO backoff',
    summary: 'The bottleneck link goes down for 5 s: each retransmission timeout doubles the next one.',
    preset: 'lesson-outage-backoff',
    flow: 'tcp',
    runs: variantRuns('tcp', ['reno']),
    intro:
      'A Reno transfer; at 3 s the bottleneck link goes down for 5 s and everything on it is lost. No ACK can come back, so only the retransmission timer can act — and each time it expires without an answer, the next timeout is twice as long.',
    watch: ['rto_s in the time series', 'the times between timeouts: 0.2, 0.4, 0.8, 1.6, 3.2 s', 'the idle gap after the link comes back at 8 s'],
    captions: [
      {
        step: 'link_down',
        text: 'The link goes down at {time} s: the segments in its queue and on the wire are lost, and so is everything sent to it from now on.',
      },
      {
        step: 'drop',
        text: 'Segment {seq} is lost: the link is down.',
      },
      {
        step: 'timeout',
        text: 'The retransmission timer expires: ssthresh = {ssthresh}, cwnd = 1, segment {seq} is resent — and the next timeout is set to twice this one (exponential backoff). If the link is still down, this retransmission is lost too. {detail}',
      },
      {
        step: 'link_up',
        text: 'The link is back at {time} s — but the sender does not know. It stays silent until its (backed-off) timer expires.',
      },
      SS_EXIT,
    ],
    questions: [
      {
        id: 'outage-next',
        at: 'timeout',
        occurrence: 2,
        prompt: 'The first timeout came 0.2 s after the last ACK and its retransmission was lost too. When will the next timeout fire?',
        choices: ['0.2 s later', '0.4 s later', '1 s later', 'Never'],
        answer: '0.4 s later',
        why: 'Each expiry doubles the RTO (RFC 6298 §5.5), so a sender facing a dead path backs off exponentially instead of flooding it.',
      },
      {
        id: 'outage-resume',
        at: 'link_up',
        prompt: 'The link is back. When does the transfer resume?',
        choices: ['Immediately', 'When the backed-off timer next expires', 'After the next three duplicate ACKs', 'Never'],
        answer: 'When the backed-off timer next expires',
        why: 'Nothing tells the sender that the link is back; it only tries again when its timer fires. With the timer backed off to several seconds, the link may sit idle for a while.',
      },
    ],
  },
  {
    id: 'vegas-queue',
    title: 'Vegas keeping the queue short',
    summary: 'Vegas stops growing when the round trip grows; Reno and CUBIC grow until the queue overflows.',
    preset: 'lesson-vegas-queue',
    flow: 'tcp',
    runs: variantRuns('tcp', ['vegas', 'reno', 'cubic']),
    intro:
      'One transfer over a 1.5 Mbps bottleneck with a 50-packet queue and a window of 100 segments, far more than the path needs. Vegas compares the throughput it expects (cwnd / smallest RTT) with the one it gets (cwnd / current RTT) and keeps only 1 to 3 extra segments queued. Reno and CUBIC only slow down when a packet is lost.',
    watch: ['the bottleneck queue length', 'cwnd', 'srtt_ms: the round trip grows with the queue', 'avg_latency_ms and drops in the summary'],
    captions: [
      {
        step: 'ss_exit',
        variants: ['vegas'],
        text: 'Vegas leaves slow start early: the round trip has started to grow, a sign that a queue is forming.',
      },
      SS_EXIT,
      { step: 'drop', text: 'Segment {seq} is lost: {detail}.' },
      {
        step: 'fast_retransmit',
        text: 'The queue overflowed: {variant} halves its window (CUBIC: multiplies it by 0.7) and starts filling the queue again.',
      },
    ],
    questions: [
      {
        id: 'vegas-queue-predict',
        at: 'start',
        prompt: 'Which run will keep the shortest queue at the bottleneck?',
        choices: ['Vegas', 'Reno', 'CUBIC', 'All the same: the link is the same'],
        answer: 'Vegas',
        why: 'Vegas backs off as soon as its round trip grows, i.e. as soon as its own packets queue up; loss-based variants keep growing until the queue is full and drops a packet.',
      },
    ],
  },
  {
    id: 'westwood-loss',
    title: 'Westwood under random loss',
    summary: 'With 0.5 % random loss and no congestion, Reno halves its window at every loss; Westwood sets it from the bandwidth it measures.',
    preset: 'lesson-westwood-loss',
    flow: 'tcp',
    runs: variantRuns('tcp', ['reno', 'westwood', 'westwoodnr']),
    intro:
      'A 10 Mbps link with a 50 ms round trip (it holds about 60 segments) and a window of 100. One packet in 200 is lost at random, as on a noisy radio link — the queue never fills. Reno reads every loss as congestion and halves its window; Westwood estimates the bandwidth from the rate of returning ACKs and after a loss sets ssthresh to that estimate × the smallest round trip.',
    watch: ['ssthresh after each loss', 'throughput_kbps', 'the number of timeouts'],
    captions: [
      {
        step: 'fast_retransmit',
        variants: ['reno'],
        text: 'A random loss, and Reno halves its window (ssthresh = {ssthresh}), although the link is not congested at all.',
      },
      {
        step: 'fast_retransmit',
        variants: ['westwood', 'westwoodnr'],
        text: 'A random loss: {variant} sets ssthresh to its bandwidth estimate × the minimum round trip ({ssthresh} segments) — close to what the path can carry — instead of halving.',
      },
      { step: 'drop', text: 'Segment {seq} is lost at random.' },
      {
        step: 'timeout',
        text: 'A timeout: too few duplicate ACKs to recover. cwnd = 1; {variant} restarts with ssthresh = {ssthresh}.',
      },
    ],
    questions: [
      {
        id: 'westwood-predict',
        at: 'start',
        prompt: 'The link is never congested; only random losses happen. Which will get the most throughput?',
        choices: ['Reno', 'Westwood', 'Westwood-NR', 'All the same'],
        answer: 'Westwood-NR',
        why: 'Both Westwoods keep a window close to the measured bandwidth after a random loss; Westwood-NR also repairs several losses in one window without a timeout (NewReno\'s partial ACKs), which at this loss rate happens often.',
      },
    ],
  },
  {
    id: 'red-droptail',
    title: 'RED versus DropTail',
    summary: 'RED drops early and at random to keep the average queue short; DropTail only drops when the queue is full.',
    preset: 'lesson-red-droptail',
    flow: 'tcp',
    runs: [
      { id: 'red', label: 'RED', patch: {} },
      { id: 'droptail', label: 'DropTail', patch: { links: { bottleneck: { queue: { type: 'droptail', limit: 50 } } } } },
    ],
    intro:
      'A Reno transfer and a 500 kbps UDP stream share a 1.5 Mbps bottleneck whose queue holds 50 packets. With RED the router drops arriving packets at random once the average queue passes 5 packets, more often as it nears 15; with DropTail it drops only when all 50 places are taken.',
    watch: ['the bottleneck queue and RED’s average (red_avg)', 'avg_latency_ms of both flows', 'when the drops come: spread out (RED) or in bursts (DropTail)'],
    captions: [
      { step: 'drop', text: '{detail}.' },
      {
        step: 'fast_retransmit',
        text: 'TCP sees the drop and halves its window. With RED this happens while the queue is still short, so the queue never has to fill up.',
      },
      {
        step: 'timeout',
        text: 'A timeout: several packets of one window were dropped at once — typical of a DropTail queue overflowing.',
      },
    ],
    questions: [
      {
        id: 'red-predict',
        at: 'start',
        prompt: 'Which queue will give the UDP stream the lower latency?',
        choices: ['RED', 'DropTail', 'The same'],
        answer: 'RED',
        why: 'RED keeps the average queue between its thresholds (5–15 packets); DropTail lets TCP fill all 50 places before anything is dropped, and every packet waits behind them.',
      },
    ],
  },
  {
    id: 'fairness',
    title: 'Two flows sharing a bottleneck',
    summary: "Two TCP flows on one bottleneck: equal round trips share fairly; a longer round trip or a more aggressive variant does not. Jain's index measures it.",
    preset: 'lesson-fairness',
    flow: 'tcp2',
    runs: [
      { id: 'same-rtt', label: 'Reno + Reno, same round trip', patch: {} },
      { id: 'long-rtt', label: 'Reno + Reno, tcp2 80 ms longer', patch: { links: { access2: { delay: '42ms' } } } },
      { id: 'cubic', label: 'CUBIC (tcp1) + Reno (tcp2)', patch: { flows: { tcp1: { variant: 'cubic' } } } },
    ],
    intro:
      "Flow tcp1 starts at 0 s, tcp2 at 5 s; both cross the same 1.5 Mbps bottleneck. Fairness is measured after 10 s with Jain's index J = (x₁ + x₂)² / (2 (x₁² + x₂²)): 1 when both get the same, 0.5 when one gets everything.",
    watch: ['both throughputs over time', 'how quickly tcp2 catches up after it starts', "Jain's index of the measured throughputs"],
    captions: [
      { step: 'drop', text: '{detail} ({flow}).' },
      {
        step: 'fast_retransmit',
        text: '{flow} halves its window. When both flows halve on the same losses, the larger window gives back more: that is how additive increase, multiplicative decrease converges to a fair share.',
      },
    ],
    questions: [
      {
        id: 'fairness-rtt',
        at: 'start',
        prompt: "tcp2's round trip is made 80 ms longer. What happens to its share?",
        choices: ['It gets more', 'It gets less', 'Nothing changes'],
        answer: 'It gets less',
        why: 'A loss-based flow adds one segment per round trip; with a longer round trip it grows more slowly and each segment in its window is worth less throughput, so after every shared loss it falls behind.',
      },
    ],
  },
];

// ---------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------

export function findLesson(id: string): Lesson | undefined {
  return LESSONS.find((l) => l.id === id);
}

/** The lesson's scenario for one run: a deep copy of the base JSON with the run's patch applied (base unchanged). */
export function applyLessonRun(base: unknown, run: LessonRun): unknown {
  const copy = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const flows = Array.isArray(copy.flows) ? (copy.flows as Record<string, unknown>[]) : [];
  const links = Array.isArray(copy.links) ? (copy.links as Record<string, unknown>[]) : [];
  for (const [id, fields] of Object.entries(run.patch.flows ?? {})) {
    const f = flows.find((x) => x.id === id);
    if (f) Object.assign(f, fields);
  }
  for (const [id, fields] of Object.entries(run.patch.links ?? {})) {
    const l = links.find((x) => x.id === id);
    if (l) Object.assign(l, fields);
  }
  if (run.patch.faults) copy.faults = JSON.parse(JSON.stringify(run.patch.faults)) as unknown[];
  return copy;
}

/** What a caption needs from a step (an events.csv row). */
export interface StepRow {
  event: string;
  flow?: string;
  seq?: number | null;
  cwnd?: number | null;
  ssthresh?: number | null;
  time_s?: number;
  detail?: string;
}

function num(x: number | null | undefined): string {
  if (x === null || x === undefined || !Number.isFinite(x)) return '—';
  const r = Math.round(x * 100) / 100;
  return String(r === 0 ? 0 : r);
}

/** The template for this step in this run: one written for the variant first, else a general one. */
export function captionTemplate(lesson: Lesson, variant: Variant, step: string): CaptionTemplate | undefined {
  const own = lesson.captions.find((c) => c.step === step && c.variants?.includes(variant));
  return own ?? lesson.captions.find((c) => c.step === step && !c.variants);
}

/** The caption for a step, placeholders filled; the engine's own sentence when the lesson has none for it. */
export function captionFor(lesson: Lesson, variant: Variant, row: StepRow): string {
  const t = captionTemplate(lesson, variant, row.event);
  if (!t) return row.detail ?? '';
  const seq = row.seq ?? null;
  const values: Record<string, string> = {
    seq: num(seq),
    prev: seq === null ? '—' : num(seq - 1),
    next: seq === null ? '—' : num(seq + 1),
    cwnd: num(row.cwnd),
    ssthresh: num(row.ssthresh),
    time: row.time_s === undefined ? '—' : row.time_s.toFixed(3),
    flow: row.flow ?? lesson.flow,
    variant: VARIANT_LABELS[variant],
    detail: row.detail ?? '',
  };
  return t.text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}

/** The questions to ask before revealing this step of this run (`occurrence`: the n-th step of its kind, from 1). */
export function questionsAt(lesson: Lesson, variant: Variant, at: LessonQuestion['at'], occurrence = 1): LessonQuestion[] {
  return lesson.questions.filter(
    (q) => q.at === at && (q.occurrence ?? 1) === occurrence && (!q.variants || q.variants.includes(variant)),
  );
}

/** Jain's fairness index of some throughputs: 1 for equal shares, 1/n when one flow has everything; 1 for none. */
export function jainIndex(xs: readonly number[]): number {
  const n = xs.length;
  const sum = xs.reduce((a, b) => a + b, 0);
  const sq = xs.reduce((a, b) => a + b * b, 0);
  return n === 0 || sq === 0 ? 1 : (sum * sum) / (n * sq);
}
