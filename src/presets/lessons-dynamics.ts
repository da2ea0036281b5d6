/**
 * The lessons beyond loss recovery: slow start, timeouts and backoff during an
 * outage, Vegas's queue, Westwood under random loss, RED against DropTail,
 * fairness. Data for lessons.ts.
 */
import type { Lesson } from './lesson-types';
import { RECOVERY_ENTER, SS_EXIT, variantRuns } from './lessons-recovery';

export const DYNAMICS_LESSONS: readonly Lesson[] = [
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
        prompt:
          'cwnd starts at 2 segments and doubles every round trip in slow start. About how many round trips until it reaches 40?',
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
    watch: [
      'rto_s in the time series',
      'the times between timeouts: 0.2, 0.4, 0.8, 1.6, 3.2 s',
      'the idle gap after the link comes back at 8 s',
    ],
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
        prompt:
          'The first timeout came 0.2 s after the last ACK and its retransmission was lost too. When will the next timeout fire?',
        choices: ['0.2 s later', '0.4 s later', '1 s later', 'Never'],
        answer: '0.4 s later',
        why: 'Each expiry doubles the RTO (RFC 6298 §5.5), so a sender facing a dead path backs off exponentially instead of flooding it.',
      },
      {
        id: 'outage-resume',
        at: 'link_up',
        prompt: 'The link is back. When does the transfer resume?',
        choices: [
          'Immediately',
          'When the backed-off timer next expires',
          'After the next three duplicate ACKs',
          'Never',
        ],
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
    watch: [
      'the bottleneck queue length',
      'cwnd',
      'srtt_ms: the round trip grows with the queue',
      'avg_latency_ms and drops in the summary',
    ],
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
    summary:
      'With 0.5 % random loss and no congestion, Reno halves its window at every loss; Westwood sets it from the bandwidth it measures.',
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
        why: "Both Westwoods keep a window close to the measured bandwidth after a random loss; Westwood-NR also repairs several losses in one window without a timeout (NewReno's partial ACKs), which at this loss rate happens often.",
      },
    ],
  },
  {
    id: 'red-droptail',
    title: 'RED versus DropTail',
    summary:
      'RED drops early and at random to keep the average queue short; DropTail only drops when the queue is full.',
    preset: 'lesson-red-droptail',
    flow: 'tcp',
    runs: [
      { id: 'red', label: 'RED', patch: {} },
      {
        id: 'droptail',
        label: 'DropTail',
        patch: { links: { bottleneck: { queue: { type: 'droptail', limit: 50 } } } },
      },
    ],
    intro:
      'A Reno transfer and a 500 kbps UDP stream share a 1.5 Mbps bottleneck whose queue holds 50 packets. With RED the router drops arriving packets at random once the average queue passes 5 packets, more often as it nears 15; with DropTail it drops only when all 50 places are taken.',
    watch: [
      'the bottleneck queue and RED’s average (red_avg)',
      'avg_latency_ms of both flows',
      'when the drops come: spread out (RED) or in bursts (DropTail)',
    ],
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
    summary:
      "Two TCP flows on one bottleneck: equal round trips share fairly; a longer round trip or a more aggressive variant does not. Jain's index measures it.",
    preset: 'lesson-fairness',
    flow: 'tcp2',
    runs: [
      { id: 'same-rtt', label: 'Reno + Reno, same round trip', patch: {} },
      { id: 'long-rtt', label: 'Reno + Reno, tcp2 80 ms longer', patch: { links: { access2: { delay: '42ms' } } } },
      { id: 'cubic', label: 'CUBIC (tcp1) + Reno (tcp2)', patch: { flows: { tcp1: { variant: 'cubic' } } } },
    ],
    intro:
      "Flow tcp1 starts at 0 s, tcp2 at 5 s; both cross the same 1.5 Mbps bottleneck. Fairness is measured after 10 s with Jain's index J = (x₁ + x₂)² / (2 (x₁² + x₂²)): 1 when both get the same, 0.5 when one gets everything.",
    watch: [
      'both throughputs over time',
      'how quickly tcp2 catches up after it starts',
      "Jain's index of the measured throughputs",
    ],
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
