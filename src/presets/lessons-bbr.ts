/**
 * Lessons on BBR (Cardwell et al., "BBR: Congestion-Based Congestion
 * Control", ACM Queue 2016; Linux tcp_bbr.c): one BBR flow stepping through
 * its states, and BBR sharing a bottleneck with Reno and CUBIC behind a
 * shallow and a deep buffer. Data only; the shape is in lesson-types.ts.
 *
 * Both run on the path of the ns-3 comparison (docs/validation-ns3.md): 10 Mb/s
 * and a 40 ms round trip, so the bandwidth-delay product is 50 segments of
 * 1000 bytes.
 */
import type { Lesson } from './lesson-types';

const droptail = (limit: number) => ({ type: 'droptail', limit });

export const BBR_LESSONS: Lesson[] = [
  {
    id: 'bbr-alone',
    title: 'BBR alone: startup, drain and probing',
    summary:
      'One BBR flow measures the path instead of waiting for a loss: STARTUP finds the bandwidth, DRAIN empties the queue it built, PROBE_BW cycles around the estimate, and PROBE_RTT checks the round-trip time every 10 s.',
    preset: 'lesson-bbr-alone',
    flow: 'tcp',
    runs: [{ id: 'bbr', label: 'BBR', patch: {} }],
    intro:
      'One BBR transfer crosses a 10 Mb/s bottleneck; the round trip without any queue is 40 ms, so the path holds 50 segments (its bandwidth-delay product, BDP) and the router can queue 100 more. BBR keeps two estimates from every ACK: the bottleneck bandwidth (the highest delivery rate of the last 10 round trips) and the round-trip propagation time (the lowest RTT of the last 10 s). It paces its packets at a gain × the bandwidth estimate and keeps cwnd at 2 × BDP. It starts in STARTUP, pacing at 2/ln 2 ≈ 2.89 × its estimate, which doubles the sending rate every round trip like slow start.',
    watch: [
      'the bottleneck queue: filled in STARTUP, emptied in DRAIN, nearly empty after',
      'cwnd: about 2 BDP (100 segments) in PROBE_BW, 4 segments in PROBE_RTT',
      'no drops at all: BBR does not need a loss to find the rate',
    ],
    captions: [
      {
        step: 'bbr_drain',
        text: 'STARTUP is over at {time} s: {detail}. On the queue chart the queue STARTUP built now empties.',
      },
      { step: 'bbr_probe_bw', text: '{detail}. The queue stays within a few packets from now on.' },
      {
        step: 'bbr_probe_rtt',
        text: '{detail}. Until the next step cwnd stays at 4 segments: press Step and look back at the cwnd chart and the empty queue.',
      },
      { step: 'bbr_startup', text: '{detail}.' },
      { step: 'drop', text: '{detail}.' },
    ],
    questions: [
      {
        id: 'bbr-alone-startup',
        at: 'start',
        prompt:
          'STARTUP sends at 2.89 × the bandwidth it has seen until the estimate stops growing. What does the bottleneck queue do meanwhile?',
        choices: [
          'It stays empty: BBR paces its packets',
          'It grows, to about one to two BDPs',
          'It overflows and packets are lost',
        ],
        answer: 'It grows, to about one to two BDPs',
        why: 'BBR only learns the bandwidth stopped growing a few round trips after it has: by then it has sent up to 2.89 × the link rate for a round trip or two, and the excess waits in the queue (here about 90 packets). The 100-packet buffer is just big enough, so nothing is lost.',
      },
      {
        id: 'bbr-alone-drain',
        at: 'bbr_probe_bw',
        prompt: 'DRAIN paces at 0.35 × the estimate. How long will it last?',
        choices: ['About one round trip', 'About 10 round trips', 'Until a packet is lost'],
        answer: 'About one round trip',
        why: 'At 0.35 × the link rate the queue empties at 0.65 × the link rate: the 90 packets STARTUP left take about 90 / 0.65 ≈ 140 packet times, a little over 100 ms — two to three round trips of 40 ms. DRAIN ends when what is in flight is down to one BDP.',
      },
      {
        id: 'bbr-alone-probe-rtt',
        at: 'bbr_probe_rtt',
        prompt:
          'Every 10 s without a new lowest RTT, BBR drops cwnd to 4 segments for 200 ms. Roughly what share of the throughput does this cost?',
        choices: ['About 2 %', 'About 20 %', 'About half'],
        answer: 'About 2 %',
        why: 'For about 0.25 s of every 10 s BBR sends almost nothing: 2.5 % of the time. In exchange the queue empties and BBR measures the true round trip, which it needs to size cwnd, and competing BBR flows see it too.',
      },
      {
        id: 'bbr-alone-end',
        at: 'end',
        prompt:
          'A CUBIC flow on this path would keep the 100-packet queue mostly full. How long is BBR’s queue on average?',
        choices: ['About 5 packets', 'About 50 packets', 'About 100 packets'],
        answer: 'About 5 packets',
        why: 'In PROBE_BW BBR paces at the estimated bandwidth: one phase in eight at 1.25 × builds a quarter of a BDP of queue, the next at 0.75 × removes it, and the other six send at the rate the link drains. The queue averages a few packets, so the round trip stays near 40 ms.',
      },
    ],
  },
  {
    id: 'bbr-share',
    title: 'Reno, CUBIC and BBR share a bottleneck',
    summary:
      'Three variants on one link: with a shallow buffer BBR takes most of it, with a deep one the loss-based flows fill the queue and BBR gets the least; the queue delay follows the buffer.',
    preset: 'lesson-bbr-share',
    flow: 'bbr',
    runs: [
      { id: 'shallow', label: 'Buffer 10 packets', patch: { links: { bottleneck: { queue: droptail(10) } } } },
      { id: 'bdp', label: 'Buffer 50 packets (1 BDP)', patch: {} },
      { id: 'deep', label: 'Buffer 250 packets', patch: { links: { bottleneck: { queue: droptail(250) } } } },
    ],
    intro:
      'A Reno, a CUBIC and a BBR transfer start together on a 10 Mb/s bottleneck with a 40 ms round trip (a BDP of 50 segments); each flow has its own sender and receiver, so only the bottleneck is shared. The lesson runs it with a DropTail buffer of 10 packets (a fifth of the BDP), of 50 (one BDP, the classic rule of thumb) and of 250 (five BDPs). Reno and CUBIC slow down when a packet is lost; BBR paces at its estimate of the bottleneck bandwidth and does not take a loss as a signal to slow down. The cwnd chart follows the BBR flow; Step walks through BBR’s states (and CUBIC’s HyStart++), while the drops of all three flows are on the charts.',
    watch: [
      'the throughput of each flow in the table at the end, and Jain’s index',
      'the bottleneck queue: how full it stays, and so how long every packet waits',
      'the drops: who loses packets, and who reacts',
    ],
    captions: [
      {
        step: 'hystart_css',
        text: 'CUBIC slows its slow start before any loss, as the queue makes the round trip grow. {detail}. Reno has no such signal; BBR has its own (its bandwidth estimate stops growing).',
      },
      { step: 'bbr_drain', text: 'BBR: {detail}.' },
      { step: 'bbr_probe_bw', text: 'BBR: {detail}.' },
      { step: 'bbr_probe_rtt', text: 'BBR: {detail}.' },
      { step: 'bbr_startup', text: '{detail}.' },
    ],
    // Steps: BBR's states and CUBIC's HyStart++; the thousands of drops, Reno's dozens of timeouts and
    // slow starts stay on the charts and in the table at the end.
    stepKinds: ['bbr_startup', 'bbr_drain', 'bbr_probe_bw', 'bbr_probe_rtt', 'hystart_css', 'hystart_resume'],
    questions: [
      {
        id: 'bbr-share-shallow',
        at: 'start',
        prompt: 'With the 10-packet buffer, which flow will get the largest share of the link?',
        choices: ['Reno', 'CUBIC', 'BBR', 'They share it about equally'],
        answer: 'BBR',
        why: 'A shallow buffer overflows often. Reno and CUBIC cut their windows at every loss; BBR keeps pacing at its bandwidth estimate, which its own high delivery rate keeps high, so it takes most of the link (here over 80 %).',
      },
      {
        id: 'bbr-share-deep',
        at: 'end',
        prompt: 'With the 250-packet buffer, how does the link split?',
        choices: [
          'BBR still takes most of it',
          'The loss-based flows take most, and the queue stays long',
          'All three get about a third',
        ],
        answer: 'The loss-based flows take most, and the queue stays long',
        why: 'Reno and CUBIC grow until the deep buffer overflows, so it stays hundreds of packets long. BBR caps what it has in flight at 2 × its estimate of the BDP, computed from the lowest RTT it has seen; with the queue full, that cap is a small part of what is in flight, so BBR’s share falls from over 80 % to about a quarter. Every packet waits about 170 ms in the queue.',
      },
      {
        id: 'bbr-share-delay',
        at: 'end',
        prompt: 'Which buffer gives the shortest queue delay for everyone?',
        choices: ['10 packets', '50 packets', '250 packets'],
        answer: '10 packets',
        why: 'A packet waits at most as long as the queue ahead of it takes to send: 10 packets are 8 ms at 10 Mb/s, 250 packets 200 ms. The shallow buffer keeps delay low but the loss-based flows lose often and get little of the link.',
      },
    ],
  },
];
