/** The lessons' scenarios (src/presets/lessons.ts holds their steps and questions). */
import type { FlowSummaryRow } from '../../src/engine/output/rundata';
import { LESSONS, jainIndex } from '../../src/presets/lessons';
import {
  GROUPS,
  type Json,
  type Preset,
  type Run,
  type RunSpec,
  cbrFlow,
  droptail,
  fmt,
  link,
  node,
  red,
  row,
  scenarioBody,
  tcpFlow,
} from './common';

/** server —10 Mbps, 1 ms— r1 —1.5 Mbps— client, as the top-level single-drop example. */
export function lessonPath(bottleneckDelay = '10ms'): { nodes: Json[]; links: Json[] } {
  return {
    nodes: [node('server', 'host', 80, 200), node('r1', 'router', 300, 200), node('client', 'host', 520, 200)],
    links: [
      link('access', 'server', 'r1', '10Mbps', '1ms', droptail(50)),
      link('bottleneck', 'r1', 'client', '1.5Mbps', bottleneckDelay, droptail(50)),
    ],
  };
}

export function lessonOf(id: string) {
  const l = LESSONS.find((x) => x.id === id);
  if (!l) throw new Error(`no lesson ${id}`);
  return l;
}

/** The lesson's runs, as the generator runs them. */
export function lessonRuns(id: string): RunSpec[] {
  return lessonOf(id).runs.map((r) => ({ label: r.label, patch: r.patch }));
}

/** "Label: x kbps, n timeouts; …" for each run of a lesson. */
export function lessonRunList(runs: Run[], flow: string, extra: (s: FlowSummaryRow) => string = () => ''): string {
  return runs
    .map((r) => {
      const s = row(r, flow);
      return `${r.label}: ${fmt(s.throughput_kbps, 0)} kbps, ${s.fast_retransmits} fast retransmit${s.fast_retransmits === 1 ? '' : 's'}, ${s.timeouts} timeout${s.timeouts === 1 ? '' : 's'}, ${s.retransmissions} segment${s.retransmissions === 1 ? '' : 's'} resent${extra(s)}`;
    })
    .join('; ');
}

export function lessonPresets(): Preset[] {
  const out: Preset[] = [];
  let order = 0;
  const lesson = (
    id: string,
    name: string,
    tags: string[],
    body: Json,
    text: string[],
    result: (runs: Run[]) => string,
  ): void => {
    const l = lessonOf(id);
    out.push({
      file: `lessons/${l.preset}.json`,
      ui: { group: GROUPS.lessons, order: order++, preset: l.preset, tags: ['lesson', ...tags] },
      name,
      body,
      text: [`Lesson: ${l.title}. ${l.summary}`, '', ...text].join('\n'),
      runs: lessonRuns(id),
      result,
    });
  };

  const path = lessonPath();
  lesson(
    'one-loss',
    'Lesson: one lost segment',
    ['single drop', 'fast retransmit', 'fast recovery', 'window inflation', 'duplicate ack'],
    scenarioBody({
      duration: 5,
      ...path,
      flows: [tcpFlow('tcp', 'reno', 'server', 'client', { tcp: { window: 32 } })],
      faults: [{ kind: 'dropSegments', flow: 'tcp', seqs: [100] }],
    }),
    [
      '**Setup.** One FTP transfer from `server` to `client` over a 10 Mbps access link and a 1.5 Mbps / 10 ms bottleneck (DropTail, 50 packets). Data segment 100 is thrown away the first time it is sent. The receiver window is 32 segments, less than the path holds (about 4 segments on the wire plus 50 in the queue), so the queue never overflows: the only loss is the one asked for. The lesson runs the file as Reno and again as Tahoe, NewReno and SACK; change `flows[0].variant` to do the same by hand.',
      '',
      '**What to look for.** The duplicate ACKs for segment 99, the fast retransmit of segment 100 after the third, and cwnd: Tahoe restarts from 1 segment, the others halve it; Reno and NewReno inflate the window during fast recovery and deflate it at the end.',
    ],
    (runs) =>
      `**Our run** (5 s): ${lessonRunList(runs, 'tcp')}. With a single loss, Reno, NewReno and SACK behave the same. Tahoe restarts from one segment; the ACK for its retransmission covers everything up to the segments sent after the hole, so it resends nothing else, but its slow start costs it a little throughput.`,
  );
  lesson(
    'multi-loss',
    'Lesson: several lost segments in one window',
    ['multiple drops', 'partial ack', 'fast recovery', 'timeout', 'scoreboard'],
    scenarioBody({
      duration: 5,
      ...path,
      flows: [tcpFlow('tcp', 'reno', 'server', 'client', { tcp: { window: 32 } })],
      faults: [{ kind: 'dropSegments', flow: 'tcp', seqs: [100, 102, 104] }],
    }),
    [
      '**Setup.** The path of "One lost segment" (10 Mbps access link, 1.5 Mbps / 10 ms bottleneck, window 32 segments so the queue never overflows), now with segments 100, 102 and 104 — three of the same window — thrown away the first time they are sent. The lesson runs it with Tahoe, Reno, NewReno and SACK.',
      '',
      '**What to look for.** The first ACK after the retransmission of 100 covers only up to 101: a partial ACK. Reno leaves fast recovery there and waits for its timer; NewReno retransmits 102 at once, then 104, one per round trip; SACK resends both within the first round trip; Tahoe goes back to 100 in slow start. Compare `partial_ack`, `retransmit` and `timeout` rows in events.csv.',
    ],
    (runs) => `**Our run** (5 s): ${lessonRunList(runs, 'tcp')}.`,
  );
  lesson(
    'slow-start',
    'Lesson: slow start and ssthresh',
    ['slow start', 'ssthresh', 'congestion avoidance', 'exponential growth'],
    scenarioBody({
      duration: 6,
      ...path,
      flows: [tcpFlow('tcp', 'tahoe', 'server', 'client', { tcp: { window: 40 } })],
      faults: [{ kind: 'dropSegments', flow: 'tcp', seqs: [300] }],
    }),
    [
      '**Setup.** A Tahoe transfer over the 1.5 Mbps / 10 ms bottleneck with a window of 40 segments (still less than the path holds, so nothing overflows). ssthresh starts equal to the window. Segment 300 is lost on purpose.',
      '',
      '**What to look for.** cwnd doubling every round trip from 2 segments up to ssthresh = 40 (the `ss_exit` event), then growing by about one segment per round trip; at the loss Tahoe sets ssthresh to 20 and cwnd to 1, and slow start runs again up to 20. The lesson also runs Reno, which halves its window instead and never slow-starts again.',
    ],
    (runs) => `**Our run** (6 s): ${lessonRunList(runs, 'tcp')}.`,
  );
  lesson(
    'outage-backoff',
    'Lesson: an outage and RTO backoff',
    ['outage', 'link down', 'timeout', 'rto', 'exponential backoff', 'retransmission timer'],
    scenarioBody({
      duration: 15,
      ...path,
      flows: [tcpFlow('tcp', 'reno', 'server', 'client')],
      faults: [{ kind: 'linkDown', link: 'bottleneck', at: 3, duration: 5 }],
    }),
    [
      '**Setup.** A Reno transfer (ns-2 defaults: window 20, minimum RTO 0.2 s) over the 1.5 Mbps / 10 ms bottleneck, which goes down from 3 s to 8 s: everything on it or sent to it meanwhile is lost, ACKs included.',
      '',
      '**What to look for.** `timeout` events at growing intervals — the RTO doubles at every expiry — and `rto_s` in the time series. When the link comes back at 8 s nothing happens until the next (backed-off) timeout; then slow start from 1 segment with ssthresh 2.',
    ],
    (runs) => {
      const s = row(runs[0], 'tcp');
      return `**Our run** (15 s): ${s.timeouts} timeouts, ${s.drops} segments lost, ${fmt(s.throughput_kbps, 0)} kbps over the whole run.`;
    },
  );
  lesson(
    'vegas-queue',
    'Lesson: Vegas keeps the queue short',
    ['vegas', 'queue', 'delay-based', 'latency', 'bufferbloat'],
    scenarioBody({
      duration: 20,
      ...lessonPath('20ms'),
      flows: [tcpFlow('tcp', 'vegas', 'server', 'client', { tcp: { window: 100 } })],
    }),
    [
      '**Setup.** One transfer over a 1.5 Mbps / 20 ms bottleneck with a DropTail queue of 50 packets and a window of 100 segments: far more than the path needs (about 8 segments fill it). The flow is Vegas (α = 1, β = 3 segments); the lesson also runs Reno and CUBIC.',
      '',
      '**What to look for.** The bottleneck queue: Vegas keeps 1–3 of its segments there, Reno and CUBIC fill it until it overflows. Compare `avg_latency_ms`, `drops` and `throughput_kbps`.',
    ],
    (runs) =>
      `**Our run** (20 s): ${lessonRunList(runs, 'tcp', (s) => `, ${s.drops} drops, average latency ${fmt(s.avg_latency_ms, 0)} ms`)}. All fill the link; only the loss-based variants also fill the queue.`,
  );
  lesson(
    'westwood-loss',
    'Lesson: Westwood under random loss',
    ['westwood', 'random loss', 'wireless', 'bandwidth estimate', 'error rate'],
    scenarioBody({
      duration: 30,
      nodes: [node('sender', 'host', 120, 200), node('receiver', 'host', 560, 200)],
      links: [link('radio', 'sender', 'receiver', '10Mbps', '25ms', droptail(100))],
      flows: [tcpFlow('tcp', 'westwood', 'sender', 'receiver', { tcp: { window: 100 } })],
      faults: [{ kind: 'randomLoss', link: 'radio', from: 'sender', rate: 0.005, at: 0, until: null }],
    }),
    [
      '**Setup.** A 10 Mbps / 25 ms link (50 ms round trip: about 60 segments in flight fill it), a window of 100 segments and a queue of 100, so congestion never causes a loss; instead each data packet is lost at random with probability 0.005. The flow is Westwood; the lesson also runs Reno and Westwood-NR.',
      '',
      '**What to look for.** ssthresh after each loss: Reno halves it every time, Westwood sets it from its bandwidth estimate; the throughputs.',
    ],
    (runs) =>
      `**Our run** (30 s): ${lessonRunList(runs, 'tcp', (s) => `, average ssthresh ${fmt(s.avg_ssthresh, 1)}`)}.`,
  );
  lesson(
    'red-droptail',
    'Lesson: RED versus DropTail',
    ['red', 'droptail', 'aqm', 'queue management', 'latency', 'udp'],
    scenarioBody({
      duration: 30,
      measure: { from: 5, to: 30 },
      nodes: [
        node('tcpSender', 'host', 80, 120),
        node('udpSender', 'host', 80, 280),
        node('R1', 'router', 260, 200),
        node('R2', 'router', 480, 200),
        node('tcpReceiver', 'host', 660, 120),
        node('udpReceiver', 'host', 660, 280),
      ],
      links: [
        link('tcpAccess', 'tcpSender', 'R1', '10Mbps', '2ms'),
        link('udpAccess', 'udpSender', 'R1', '10Mbps', '2ms'),
        link('bottleneck', 'R1', 'R2', '1.5Mbps', '20ms', red(50, 5, 15)),
        link('tcpExit', 'R2', 'tcpReceiver', '10Mbps', '2ms'),
        link('udpExit', 'R2', 'udpReceiver', '10Mbps', '2ms'),
      ],
      flows: [
        tcpFlow('tcp', 'reno', 'tcpSender', 'tcpReceiver', { tcp: { window: 100 } }),
        cbrFlow('udp', 'udpSender', 'udpReceiver', '500kbps', 1000),
      ],
    }),
    [
      '**Setup.** A Reno transfer (window 100 segments) and a 500 kbps UDP stream share a 1.5 Mbps / 20 ms bottleneck between R1 and R2. Its queue is RED: up to 50 packets, random early drops once the average passes 5 packets, probability rising to 0.1 at 15 (gentle RED keeps going up to 30). The lesson runs it again with a DropTail queue of 50 packets. The first 5 s (slow start) are not measured.',
      '',
      "**What to look for.** The queue length and RED's average; the latency of both flows; drops spread out (RED) or in bursts when the queue is full (DropTail).",
    ],
    (runs) =>
      `**Our run** (measured 5–30 s): ${runs
        .map(
          (r) =>
            `${r.label}: TCP ${fmt(row(r, 'tcp').throughput_kbps, 0)} kbps at ${fmt(row(r, 'tcp').avg_latency_ms, 0)} ms, UDP ${fmt(row(r, 'udp').throughput_kbps, 0)} kbps at ${fmt(row(r, 'udp').avg_latency_ms, 0)} ms (${row(r, 'tcp').drops + row(r, 'udp').drops} drops)`,
        )
        .join('; ')}. The throughputs hardly change; the waiting time does.`,
  );
  lesson(
    'fairness',
    'Lesson: two flows sharing a bottleneck',
    ['fairness', "jain's index", 'two flows', 'rtt', 'aimd', 'cubic'],
    scenarioBody({
      duration: 40,
      measure: { from: 10, to: 40 },
      nodes: [
        node('s1', 'host', 80, 120),
        node('s2', 'host', 80, 280),
        node('R1', 'router', 260, 200),
        node('R2', 'router', 480, 200),
        node('d1', 'host', 660, 120),
        node('d2', 'host', 660, 280),
      ],
      links: [
        link('access1', 's1', 'R1', '10Mbps', '2ms'),
        link('access2', 's2', 'R1', '10Mbps', '2ms'),
        link('bottleneck', 'R1', 'R2', '1.5Mbps', '20ms', droptail(25)),
        link('exit1', 'R2', 'd1', '10Mbps', '2ms'),
        link('exit2', 'R2', 'd2', '10Mbps', '2ms'),
      ],
      flows: [
        tcpFlow('tcp1', 'reno', 's1', 'd1', { tcp: { window: 100 } }),
        tcpFlow('tcp2', 'reno', 's2', 'd2', { start: 5, tcp: { window: 100 } }),
      ],
    }),
    [
      "**Setup.** Two Reno transfers cross a 1.5 Mbps / 20 ms bottleneck with a DropTail queue of 25 packets: `tcp1` from s1 from 0 s, `tcp2` from s2 from 5 s; windows of 100 segments, so both are limited only by the bottleneck. Throughputs are measured from 10 s to 40 s. The lesson also runs it with `tcp2`'s access link at 42 ms (its round trip 80 ms longer) and with `tcp1` as CUBIC.",
      '',
      "**What to look for.** The two throughputs over time and Jain's index J = (x₁ + x₂)² / (2 (x₁² + x₂²)).",
    ],
    (runs) =>
      `**Our run** (measured 10–40 s): ${runs
        .map((r) => {
          const a = row(r, 'tcp1').throughput_kbps;
          const b = row(r, 'tcp2').throughput_kbps;
          return `${r.label}: ${fmt(a, 0)} and ${fmt(b, 0)} kbps, J = ${fmt(jainIndex([a, b]), 3)}`;
        })
        .join('; ')}.`,
  );
  queueLessons(lesson);
  bbrLessons(lesson);
  return out;
}

type LessonAdder = (
  id: string,
  name: string,
  tags: string[],
  body: Json,
  text: string[],
  result: (runs: Run[]) => string,
) => void;

/** server and pinger → R1 —bottleneck— R2 → home: the queue lessons' path. */
function homePath(bottleneck: Json, bottleneckId = 'bottleneck'): { nodes: Json[]; links: Json[] } {
  return {
    nodes: [
      node('server', 'host', 80, 120),
      node('pinger', 'host', 80, 280),
      node('R1', 'router', 260, 200),
      node('R2', 'router', 480, 200),
      node('home', 'host', 660, 200),
    ],
    links: [
      link('serverLink', 'server', 'R1', '100Mbps', '1ms'),
      link('pingLink', 'pinger', 'R1', '100Mbps', '1ms'),
      { id: bottleneckId, a: 'R1', b: 'R2', delay: '20ms', ...bottleneck },
      link('homeLink', 'R2', 'home', '100Mbps', '0ms', droptail(1000)),
    ],
  };
}

const ping = () => cbrFlow('udp', 'pinger', 'home', '80kbps', 100);
const delays = (runs: Run[]) =>
  runs
    .map(
      (r) =>
        `${r.label}: ping ${fmt(row(r, 'udp').avg_latency_ms, 0)} ms one way, download ${fmt(row(r, 'tcp').throughput_kbps, 0)} kbps, ${row(r, 'tcp').drops} of its packets lost`,
    )
    .join('; ');

function queueLessons(lesson: LessonAdder): void {
  lesson(
    'bufferbloat',
    'Lesson: bufferbloat, CoDel and FQ-CoDel',
    ['bufferbloat', 'codel', 'fq-codel', 'aqm', 'latency', 'ping', 'cubic'],
    scenarioBody({
      duration: 30,
      measure: { from: 10, to: 30 },
      ...homePath({ bandwidth: '10Mbps', queue: droptail(1000) }),
      flows: [tcpFlow('tcp', 'cubic', 'server', 'home', { tcp: { window: 5000 } }), ping()],
    }),
    [
      '**Setup.** A CUBIC download (`tcp`, window 5000 segments: never the limit) and a ping (`udp`, 100 bytes every 10 ms) cross a 10 Mbps / 20 ms bottleneck whose DropTail queue holds 1000 packets. The lesson runs it again with CoDel and with FQ-CoDel (1000 packets, RFC defaults). Measured from 10 s to 30 s.',
      '',
      "**What to look for.** The ping's delay, the queue in ms (sojourn_ms), the download's throughput.",
    ],
    (runs) => `**Our run** (measured 10–30 s): ${delays(runs)}.`,
  );
  lesson(
    'ecn',
    'Lesson: ECN, marking instead of dropping',
    ['ecn', 'codel', 'aqm', 'ce', 'ece', 'cwr'],
    scenarioBody({
      duration: 30,
      measure: { from: 10, to: 30 },
      ...homePath({ bandwidth: '10Mbps', queue: { type: 'codel', limit: 1000 } }),
      flows: [tcpFlow('tcp', 'cubic', 'server', 'home', { tcp: { window: 5000, ecn: true } }), ping()],
    }),
    [
      '**Setup.** The bufferbloat path with a CoDel queue; the download negotiates ECN (`tcp.ecn`). The lesson runs CoDel dropping, then CoDel marking (`queue.ecn`). Measured from 10 s to 30 s.',
      '',
      '**What to look for.** Drops and retransmissions of the download; the ECN steps; the queue delay.',
    ],
    (runs) =>
      `**Our run** (measured 10–30 s): ${runs
        .map(
          (r) =>
            `${r.label}: ${row(r, 'tcp').drops} packets lost, ${row(r, 'tcp').retransmissions} resent, ping ${fmt(row(r, 'udp').avg_latency_ms, 0)} ms`,
        )
        .join('; ')}.`,
  );
  lesson(
    'commute',
    'Lesson: a commute on a cellular link',
    ['cellular', 'mahimahi', 'trace', 'variable capacity', 'bufferbloat', 'codel'],
    scenarioBody({
      duration: 60,
      measure: { from: 5, to: 60 },
      sampleInterval: 0.05,
      ...homePath(
        { bandwidth: '10Mbps', queue: droptail(1000), trace: { sample: 'cellular-commute', from: 'R1' } },
        'radio',
      ),
      flows: [tcpFlow('tcp', 'cubic', 'server', 'home', { tcp: { window: 5000 } }), ping()],
    }),
    [
      '**Setup.** The bufferbloat path, but the bottleneck (`radio`) towards home follows the synthetic `cellular-commute` trace (Mahimahi format, shipped with the lab): 1–12 Mbps, changing every 0.5–2 s, 0.1–0.3 Mbps in a tunnel from 40 to 43 s. DropTail of 1000 packets, then CoDel. Measured from 5 s to 60 s.',
      '',
      "**What to look for.** capacity_kbps against the download's throughput; the ping's delay around the tunnel.",
    ],
    (runs) => `**Our run** (measured 5–60 s): ${delays(runs)}.`,
  );
}

/** s{i} → R1 —10 Mb/s, 15 ms— R2 → d{i}: a 40 ms round trip for each sender (the ns-3 comparison's BBR path). */
function bbrPath(senders: number, queue: Json): { nodes: Json[]; links: Json[] } {
  const nodes: Json[] = [node('R1', 'router', 300, 200), node('R2', 'router', 520, 200)];
  const links: Json[] = [link('bottleneck', 'R1', 'R2', '10Mbps', '15ms', queue)];
  for (let i = 1; i <= senders; i++) {
    const y = senders === 1 ? 200 : 80 + ((i - 1) * 240) / (senders - 1);
    nodes.push(node(`s${i}`, 'host', 80, y), node(`d${i}`, 'host', 740, y));
    links.push(link(`access${i}`, `s${i}`, 'R1', '100Mbps', '2ms'), link(`exit${i}`, 'R2', `d${i}`, '100Mbps', '3ms'));
  }
  return { nodes, links };
}

function bbrLessons(lesson: LessonAdder): void {
  lesson(
    'bbr-alone',
    'Lesson: BBR alone',
    ['bbr', 'startup', 'drain', 'probe_bw', 'probe_rtt', 'pacing', 'bandwidth estimate', 'min rtt'],
    scenarioBody({
      duration: 25,
      sampleInterval: 0.02,
      ...bbrPath(1, droptail(100)),
      flows: [tcpFlow('tcp', 'bbr', 's1', 'd1', { tcp: { window: 10000 } })],
    }),
    [
      '**Setup.** One BBR transfer (paced, as BBR always is) from s1 to d1 across a 10 Mb/s / 15 ms bottleneck with a DropTail queue of 100 packets; the access links add 5 ms each way, so the round trip is 40 ms and the path holds 50 segments. The window (10 000 segments) never limits it.',
      '',
      "**What to look for.** The `bbr_*` events (STARTUP → DRAIN → PROBE_BW, PROBE_RTT every 10 s), the bottleneck queue, and on the cwnd chart's second axis BBR's bandwidth estimate (`bbr_btlbw_kbps`), its min RTT (`bbr_min_rtt_ms`) and its pacing rate.",
    ],
    (runs) =>
      `**Our run** (25 s): ${runs
        .map((r) => {
          const s = row(r, 'tcp');
          return `${fmt(s.throughput_kbps, 0)} kbps, ${s.drops} drops, average latency ${fmt(s.avg_latency_ms, 1)} ms (the path alone: 20 ms one way)`;
        })
        .join('; ')}.`,
  );
  lesson(
    'bbr-share',
    'Lesson: Reno, CUBIC and BBR share a bottleneck',
    ['bbr', 'cubic', 'reno', 'fairness', 'buffer size', 'shallow buffer', 'deep buffer', 'latency'],
    scenarioBody({
      duration: 30,
      measure: { from: 10, to: 30 },
      sampleInterval: 0.02,
      ...bbrPath(3, droptail(50)),
      flows: [
        tcpFlow('reno', 'reno', 's1', 'd1', { tcp: { window: 10000 } }),
        tcpFlow('cubic', 'cubic', 's2', 'd2', { tcp: { window: 10000 } }),
        tcpFlow('bbr', 'bbr', 's3', 'd3', { tcp: { window: 10000 } }),
      ],
    }),
    [
      '**Setup.** A Reno, a CUBIC (with HyStart++) and a BBR transfer start together, each from its own sender, across one 10 Mb/s / 15 ms bottleneck (40 ms round trip, a BDP of 50 segments) with a DropTail queue of 50 packets. The lesson runs it again with 10 and with 250 packets. Measured from 10 s to 30 s.',
      '',
      "**What to look for.** Each flow's throughput and Jain's index; the queue and the flows' `avg_latency_ms`; who loses packets.",
    ],
    (runs) =>
      `**Our run** (measured 10–30 s): ${runs
        .map((r) => {
          const xs = ['reno', 'cubic', 'bbr'].map((f) => row(r, f).throughput_kbps);
          return `${r.label}: Reno ${fmt(xs[0], 0)}, CUBIC ${fmt(xs[1], 0)}, BBR ${fmt(xs[2], 0)} kbps, J = ${fmt(jainIndex(xs), 3)}, one-way delay ${fmt(row(r, 'bbr').avg_latency_ms, 0)} ms`;
        })
        .join('; ')}.`,
  );
}
