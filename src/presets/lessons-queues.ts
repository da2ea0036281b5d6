/**
 * Lessons on queues and delay: bufferbloat and its cures (CoDel, FQ-CoDel),
 * ECN, and a link whose capacity changes (a cellular trace). Data only; the
 * shape is in lesson-types.ts.
 */
import type { Lesson } from './lesson-types';

const CODEL = { type: 'codel', limit: 1000 };
const FQCODEL = { type: 'fqcodel', limit: 1000 };

export const QUEUE_LESSONS: Lesson[] = [
  {
    id: 'bufferbloat',
    title: 'Bufferbloat, CoDel and FQ-CoDel',
    summary:
      'A big DropTail buffer keeps a download’s queue full and everyone’s delay high; CoDel and FQ-CoDel keep the download as fast and the queue short.',
    preset: 'lesson-bufferbloat',
    flow: 'tcp',
    runs: [
      { id: 'droptail', label: 'DropTail, 1000 packets', patch: {} },
      { id: 'codel', label: 'CoDel', patch: { links: { bottleneck: { queue: CODEL } } } },
      { id: 'fqcodel', label: 'FQ-CoDel', patch: { links: { bottleneck: { queue: FQCODEL } } } },
    ],
    intro:
      'A CUBIC download (tcp) and a small “ping” (udp: a 100-byte packet every 10 ms) share a 10 Mbps link whose router buffers up to 1000 packets — about 0.8 s of data. The path itself takes 44 ms there and back; everything above that is waiting in the queue. The lesson runs it with DropTail, then with CoDel (drop when packets have waited more than 5 ms for 100 ms), then with FQ-CoDel (CoDel per flow, and the ping gets its own queue).',
    watch: [
      'the bottleneck queue, in packets and in ms (sojourn_ms)',
      'avg_latency_ms of the ping',
      'the download’s throughput: does it lose anything?',
    ],
    captions: [
      { step: 'drop', text: '{detail}.' },
      {
        step: 'fast_retransmit',
        text: 'The download sees the loss and reduces its window; with CoDel this happens while only a few ms of packets wait, so the queue never grows long.',
      },
    ],
    questions: [
      {
        id: 'bufferbloat-predict',
        at: 'start',
        prompt: 'With the 1000-packet DropTail buffer, how late will the ping arrive (one way)?',
        choices: ['About 22 ms: the path', 'About 50 ms', 'Several hundred ms'],
        answer: 'Several hundred ms',
        why: 'CUBIC only slows down when a packet is lost, and DropTail loses one only when all 1000 places are full: the queue stays hundreds of packets long, and every packet — the ping’s too — waits behind it (1000 packets at 10 Mbps are 0.8 s).',
      },
      {
        id: 'bufferbloat-fq',
        at: 'end',
        prompt: 'Which queue gets the ping closest to the bare path delay?',
        choices: ['DropTail', 'CoDel', 'FQ-CoDel'],
        answer: 'FQ-CoDel',
        why: 'CoDel keeps the shared queue at about its 5 ms target, and the ping waits behind it; FQ-CoDel gives the ping its own queue and serves new, sparse flows first, so it hardly waits at all.',
      },
    ],
  },
  {
    id: 'ecn',
    title: 'ECN: marking instead of dropping',
    summary:
      'With ECN the router marks packets instead of dropping them; the sender slows down as for a loss, but nothing has to be sent again.',
    preset: 'lesson-ecn',
    flow: 'tcp',
    runs: [
      { id: 'drops', label: 'CoDel drops', patch: {} },
      { id: 'marks', label: 'CoDel marks (ECN)', patch: { links: { bottleneck: { queue: { ...CODEL, ecn: true } } } } },
    ],
    intro:
      'The same download (it negotiates ECN: tcp.ecn) through a CoDel queue. In the first run CoDel drops as usual; in the second it marks the packet Congestion Experienced (CE) instead, the receiver echoes the mark with ECE, and the sender reduces its window once, without a retransmission, and answers with CWR.',
    watch: [
      'drops and retransmissions of the download',
      'ecn_mark, ecn_echo and cwr steps',
      'the queue delay, the same in both',
    ],
    captions: [
      { step: 'drop', text: '{detail}.' },
      { step: 'ecn_mark', text: '{detail}.' },
      { step: 'ecn_echo', text: '{detail}.' },
      { step: 'cwr', text: '{detail}.' },
      {
        step: 'fast_retransmit',
        text: 'Without ECN the lost segment must be sent again, and the flow waits a round trip for it.',
      },
    ],
    questions: [
      {
        id: 'ecn-predict',
        at: 'start',
        prompt: 'With ECN marking, how many of the download’s packets will be lost at the bottleneck?',
        choices: ['None', 'About half as many', 'As many as without'],
        answer: 'None',
        why: 'Every packet CoDel would drop is ECN-capable, so it is marked and delivered; the sender still slows down once per window, so the queue is kept just as short.',
      },
    ],
  },
  {
    id: 'commute',
    title: 'A commute on a cellular link',
    summary:
      'A train ride’s capacity (1–12 Mbps, two tunnels): a big buffer turns every drop in capacity into seconds of delay; CoDel keeps it short.',
    preset: 'lesson-commute',
    flow: 'tcp',
    runs: [
      { id: 'droptail', label: 'DropTail, 1000 packets', patch: {} },
      { id: 'codel', label: 'CoDel', patch: { links: { radio: { queue: CODEL } } } },
    ],
    intro:
      'The last link’s capacity follows a cellular trace (the synthetic cellular-commute trace shipped with the lab, in Mahimahi’s format): it changes every second or two between 1 and 12 Mbps, and falls to 0.1–0.3 Mbps in a tunnel from 40 to 43 s. A CUBIC download and a ping share it.',
    watch: [
      'the link’s capacity (capacity_kbps) and the download’s throughput',
      'the queue delay at 40–45 s',
      'avg_latency_ms of the ping',
    ],
    captions: [{ step: 'drop', text: '{detail}.' }],
    questions: [
      {
        id: 'commute-tunnel',
        at: 'start',
        prompt:
          'In the tunnel the capacity falls to a fiftieth. With the 1000-packet DropTail buffer, what happens to the ping?',
        choices: ['Nothing much', 'It waits tens of ms more', 'It waits seconds'],
        answer: 'It waits seconds',
        why: 'The queue the download built at 10 Mbps now drains at 0.2 Mbps: hundreds of packets take seconds to leave, and the ping waits behind them. CoDel drops as soon as packets have waited 5 ms for 100 ms, so the download backs off and the queue stays short.',
      },
    ],
  },
];
