/** Paper 004's presets: congestion-window recovery after 0, 1, 2 and 5 losses and after link outages (OPNET). */
import { runScenario } from '../../src/engine/run';
import { formatIssues, parseScenario } from '../../src/engine/scenario/index';
import type { Variant } from '../../src/engine/scenario/types';
import { VARIANT_LABELS } from '../../src/engine/tcp/variants';
import {
  GROUPS,
  type Json,
  type Preset,
  type Run,
  TITLES,
  byVariant,
  close,
  comparisonTable,
  fmt,
  link,
  listByVariant,
  node,
  ranked,
  row,
  scenarioBody,
  tcpFlow,
  variantRuns,
} from './common';

/** OPNET Table 1's TCP settings, in this format; the window is the 65535-byte receiver buffer in 1460-byte segments. */
export const TCP004 = {
  packetSize: 1460,
  tcp: {
    window: 44,
    initialCwnd: 1,
    dupAckThreshold: 3,
    initialRto: 1.0,
    minRto: 0.5,
    maxRto: 64,
    rttGain: 0.125,
    rttVarGain: 0.25,
    rtoK: 4,
  },
};

export const TCP004_TEXT =
  "Table 1 of the paper, as set here: initial cwnd 1 segment, duplicate-ACK threshold 3, initial RTO 1.0 s, minimum RTO 0.5 s, RTT gain 0.125, deviation gain 0.25, deviation coefficient 4, receiver buffer 65535 bytes. **Our choices:** segments of 1460 bytes (OPNET's MSS for a 1500-byte MTU), so the receiver buffer is a window of 44 whole segments (65535 / 1460 = 44.9); maximum RTO 64 s (OPNET's default); no delayed ACKs (ns-2's default; OPNET's TCP delays ACKs by up to 200 ms unless told otherwise, and the paper does not say); a connection handshake (one SYN) before the transfer.";

export const LOSS004: { id: string; label: string; row: string; seqs?: number[]; down?: boolean }[] = [
  { id: 'p004-loss-none', label: 'no loss', row: 'None' },
  { id: 'p004-loss-1', label: 'one lost segment', row: '1', seqs: [1000] },
  { id: 'p004-loss-2', label: 'two lost segments', row: '2', seqs: [1000, 1001] },
  { id: 'p004-loss-5', label: 'five lost segments', row: '5', seqs: [1000, 1001, 1002, 1003, 1004] },
  { id: 'p004-loss-all', label: 'all packets lost for 0.5 s', row: 'All', down: true },
];

export const OUTAGES004 = [0.05, 0.1, 0.2, 10];
/** When the client's link goes down (s): chosen so that the outage ends in the middle of a window's train of segments (see the descriptions). */

export function outageBody004(d: number, at: number): Json {
  return scenarioBody({
    duration: 300,
    sampleInterval: 0.05,
    nodes: [
      node('server', 'host', 60, 200),
      node('serverRouter', 'router', 200, 200),
      node('cloud', 'router', 340, 200),
      node('clientRouter', 'router', 480, 200),
      node('client', 'host', 620, 200),
    ],
    links: [
      link('server-lan', 'server', 'serverRouter', '100Mbps', '1ms'),
      link('server-wan', 'serverRouter', 'cloud', '45Mbps', '200ms'),
      link('client-wan', 'cloud', 'clientRouter', '45Mbps', '200ms'),
      link('client-lan', 'clientRouter', 'client', '100Mbps', '1ms'),
    ],
    flows: [tcpFlow('ftp', 'reno', 'server', 'client', { ...TCP004, bytes: '15MB' })],
    faults: [{ kind: 'linkDown', link: 'client-lan', at, duration: d }],
  });
}

export let outageEnd: number | null = null;

/**
 * When the outages of the disconnection presets end: the first moment after
 * 60 s at which a 0.05 s outage ending then has cut off half a window (22 of
 * the 44 segments of one train; Reno run). Found by scanning, so it follows
 * the engine's packet timing: first in 2 ms steps for the start of a train
 * after a quiet gap, then in 0.05 ms steps inside that interval.
 */
export function outageEnd004(): number {
  if (outageEnd !== null) return outageEnd;
  const half = Math.floor(TCP004.tcp.window / 2);
  const dropsIfEndsAt = (end: number): number => {
    const body = outageBody004(0.05, Number((end - 0.05).toFixed(5)));
    body.duration = Number((end + 0.01).toFixed(5));
    body.measure = { from: 0, to: body.duration };
    const parsed = parseScenario(body);
    if (!parsed.ok) throw new Error(formatIssues(parsed.issues).join('; '));
    return runScenario(parsed.scenario).summary[0].drops;
  };
  let quiet = false;
  for (let coarse = 60; coarse < 62; coarse = Number((coarse + 0.002).toFixed(4))) {
    const drops = dropsIfEndsAt(coarse);
    if (drops === 0) quiet = true;
    else if (quiet && drops >= half) {
      for (let fine = coarse - 0.002; fine <= coarse + 1e-9; fine = Number((fine + 0.00005).toFixed(5))) {
        if (dropsIfEndsAt(fine) >= half) return (outageEnd = Number(fine.toFixed(5)));
      }
    }
  }
  throw new Error('paper 004 disconnection: no train of segments found between 60 and 62 s');
}

/** When an outage of `d` seconds starts, so that it ends at outageEnd004(). */
export function outageAt004(d: number): number {
  return Number((outageEnd004() - d).toFixed(5));
}

export function presets004(): Preset[] {
  const out: Preset[] = [];
  let order = 0;
  for (const l of LOSS004) {
    const faults: Json[] = [];
    if (l.seqs) faults.push({ kind: 'dropSegments', flow: 'ftp', seqs: l.seqs });
    if (l.down) faults.push({ kind: 'linkDown', link: 'discarder-client', at: 8, duration: 0.5 });
    out.push({
      file: `paper-004/${l.id}.json`,
      ui: {
        group: GROUPS.p004,
        order: order++,
        preset: l.id,
        paper: '004',
        table: '004-2',
        tags: ['opnet', 'download', 'response time', 'client server', 'packet discarder', l.label],
      },
      name: `004 Client–server, ${l.label}`,
      body: scenarioBody({
        duration: 60,
        nodes: [
          node('server', 'host', 100, 200),
          node('discarder', 'router', 320, 200),
          node('client', 'host', 540, 200),
        ],
        links: [
          link('server-discarder', 'server', 'discarder', '1.5Mbps', '5ms'),
          link('discarder-client', 'discarder', 'client', '1.5Mbps', '5ms'),
        ],
        flows: [tcpFlow('ftp', 'reno', 'server', 'client', { ...TCP004, bytes: '3MB' })],
        faults,
      }),
      text: [
        `Paper 004 (${TITLES['004']}), simple client–server topology, ${l.label}.`,
        '',
        `**Setup.** A server sends a 3 MB file by FTP to a client over a 1.5 Mbps line; a packet discarder in the middle ${
          l.seqs
            ? `throws away data segment${l.seqs.length > 1 ? 's' : ''} ${l.seqs.join(', ')} (the first time ${l.seqs.length > 1 ? 'they are' : 'it is'} sent; retransmissions pass)`
            : l.down
              ? 'drops every packet, both ways, for 0.5 s from 8 s on (modelled as the discarder–client link going down)'
              : 'drops nothing'
        }. The flow is Reno; switch \`flows[0].variant\` to sack or newreno for the paper's other columns.`,
        '',
        `**What to look for.** cwnd over time and the download time (\`completion_s\`). ${
          l.seqs && l.seqs.length > 1
            ? 'Several segments of one window are lost: Reno leaves fast recovery at the first partial ACK and usually needs a timeout for the rest (cwnd falls to 1); NewReno retransmits one hole per round trip; SACK fills them all in about one round trip.'
            : l.seqs
              ? 'One lost segment: all three variants recover with one fast retransmit and halve the window.'
              : l.down
                ? 'Everything in flight is lost: no duplicate ACKs can come back, so every variant waits for its retransmission timer and restarts from cwnd 1.'
                : 'Slow start up to the 44-segment window, then the window stays full: the line is the only limit.'
        }`,
        '',
        `**The paper** (OPNET 11.0; Table 2, download response time) reports 19.13 s for all three with no loss, 19.23 s for all three with one loss; with two losses Reno 20.90, SACK 19.25, NewReno 19.28 s; with five losses Reno 21.13, SACK 19.26, NewReno 19.31 s; with all packets lost for 0.5 s, 20.83 s for all three. SACK recovers the window soonest; Reno falls to 1 segment on multiple losses.`,
        '',
        `**Parameters.** ${TCP004_TEXT} **Also our choice:** each half of the line is 1.5 Mbps / 5 ms (the paper gives no delay); 3 MB = 3,000,000 bytes; queues of 50 packets (ns-2's default), which the 44-segment window never fills, so there are no losses but the discarder's; ${
          l.seqs
            ? `which segments are lost (consecutive ones from segment 1000, about half way through the file, when the window is full)`
            : l.down
              ? 'when the 0.5 s outage starts (8 s, about 40 % into the transfer)'
              : 'nothing else'
        }.`,
      ].join('\n'),
      runs: [...variantRuns('ftp', ['reno', 'sack', 'newreno']), { label: 'no loss', patch: { faults: [] } }],
      result: (all) => {
        const runs = all.filter((r) => r.label !== 'no loss');
        const base =
          row(
            all.find((r) => r.label === 'no loss')!,
            'ftp',
          ).completion_s ?? NaN;
        return [
          '**Our result** (download time in seconds, each variant run in turn; paper above ours):',
          '',
          comparisonTable(
            '004-2',
            [l.id],
            runs.map((run) => ({ presetId: l.id, run })),
            2,
          ),
          '',
          `Timeouts: ${listByVariant(runs, 'ftp', (s) => s.timeouts, 0)}; retransmissions: ${listByVariant(runs, 'ftp', (s) => s.retransmissions, 0)}.`,
          '',
          note004loss(l.row, runs, base),
        ].join('\n');
      },
    });
  }
  for (const d of OUTAGES004) {
    const id = `p004-outage-${d}`;
    out.push({
      file: `paper-004/${id}.json`,
      ui: {
        group: GROUPS.p004,
        order: order++,
        preset: id,
        paper: '004',
        table: '004-3',
        tags: ['opnet', 'download', 'response time', 'disconnection', 'outage', 'link down', 'wireless', 'handoff'],
      },
      name: `004 Disconnection ${d} s`,
      body: outageBody004(d, outageAt004(d)),
      text: [
        `Paper 004 (${TITLES['004']}), disconnection topology, the client's link down for ${d} s.`,
        '',
        `**Setup.** The server and the client each sit behind a router on a 100 Mbps LAN link; the routers reach an "IP cloud" (the Internet) over 45 Mbps links. The server sends a 15 MB file by FTP. At ${outageAt004(d)} s the link between the client and its router goes down for ${d} s: everything on it or offered to it is lost. The flow is Reno; switch \`flows[0].variant\` to sack or newreno for the paper's other columns.`,
        '',
        `**What to look for.** cwnd and the retransmission timer around the outage, and the download time (\`completion_s\`). ${
          d >= 1
            ? 'A 10 s outage outlasts several retransmission timeouts: each expiry doubles the timer (exponential backoff), so the first retransmission that gets through can come well after the link is back. Every variant loses its whole window and restarts from cwnd 1.'
            : 'A short outage loses only part of one window: the segments after it still arrive and produce duplicate ACKs, so this is a multiple-loss recovery, as in the client–server presets.'
        }`,
        '',
        '**The paper** (Table 3, download response time): for 0.05, 0.1 and 0.2 s outages (one row for all three) Reno 201.46 s, SACK 196.50 s, NewReno 197.41 s; for 10 s, 206.53 s for all three. SACK recovers the window first; all three reduce the window regardless of the cause of loss.',
        '',
        `**Parameters.** ${TCP004_TEXT} **Also our choice:** the LAN links 1 ms; the cloud as a router with 200 ms on each side. The paper gives no latency for its cloud, but its download times only make sense with a long round trip: 15 MB in about 200 s is about 75 kB/s, and at 65535 bytes per round trip that means a round trip of about 0.85 s — close to our 2 × (200 + 200 + 1 + 1) ms = 0.80 s. At 45 Mbps the window leaves in a train of about 12 ms once per round trip, so a short outage at a random moment would usually fall between two trains and lose nothing. Every outage here therefore ends at the same moment, in the middle of a train, when it has cut off 22 of its 44 segments (the generator finds that moment by trying). For 10 s the outage starts 10 s before that moment. Queues of 50 packets (never filled); 300 s of simulated time.`,
      ].join('\n'),
      runs: [...variantRuns('ftp', ['reno', 'sack', 'newreno']), { label: 'no outage', patch: { faults: [] } }],
      result: (all) => {
        const runs = all.filter((r) => r.label !== 'no outage');
        const none = all.find((r) => r.label === 'no outage');
        return [
          '**Our result** (download time in seconds, each variant run in turn; paper above ours):',
          '',
          comparisonTable(
            '004-3',
            [id],
            runs.map((run) => ({ presetId: id, run })),
            2,
          ),
          '',
          `Without any outage the download takes ${fmt(none ? row(none, 'ftp').completion_s : null, 2)} s. Segments lost: ${fmt(row(runs[0], 'ftp').drops, 0)}. Timeouts: ${listByVariant(runs, 'ftp', (s) => s.timeouts, 0)}; retransmissions: ${listByVariant(runs, 'ftp', (s) => s.retransmissions, 0)}.`,
          '',
          note004outage(d, runs, none),
        ].join('\n');
      },
    });
  }
  return out;
}

export function note004loss(rowLabel: string, runs: Run[], base: number): string {
  const ours = byVariant(runs, 'ftp');
  const t = (v: Variant): number => ours.get(v)!.completion_s ?? NaN;
  const parts: string[] = [];
  parts.push(
    `All our times are about ${fmt(19.13 - base, 1)} s shorter than OPNET's (no loss: ${fmt(base, 2)} s against 19.13 s): 3,000,000 bytes at 1.5 Mbps take 16.4 s with TCP/IP headers, and ours adds only the handshake and the slow start. The paper's 19.13 s for a loss-free transfer must include more — perhaps 3 MB = 3 × 1,048,576 bytes, link-layer framing, or the FTP control connection — so compare differences, not the times themselves.`,
  );
  if (rowLabel === 'None') parts.push(`**Agrees:** without loss the three variants are identical.`);
  else if (rowLabel === '1')
    parts.push(
      close(t('reno'), t('sack'), 0.002) && close(t('reno'), t('newreno'), 0.002)
        ? `**Agrees:** one loss costs the three variants the same (one fast retransmit, no timeout); the paper's three times are equal too. Here the loss costs almost nothing at all: the 44-segment window keeps the queue at the line full while the hole is repaired.`
        : `One loss: ${listByVariant(runs, 'ftp', (x) => x.completion_s, 2)} s.`,
    );
  else if (rowLabel === 'All')
    parts.push(
      close(t('reno'), t('sack'), 0.002) && close(t('reno'), t('newreno'), 0.002)
        ? `**Agrees:** all three lose the whole window, wait for the retransmission timer and restart from 1 segment, so they finish together. The outage costs ours ${fmt(t('reno') - base, 2)} s against OPNET's 1.7 s: OPNET's timeout seems to fire later (its RTO granularity is not in the paper's Table 1).`
        : `All lost: ${listByVariant(runs, 'ftp', (x) => x.completion_s, 2)} s.`,
    );
  else {
    const order = ranked(ours, (x) => -(x.completion_s ?? Infinity));
    parts.push(
      order[0] === 'sack' && order[2] === 'reno'
        ? `**Agrees with the paper's order:** SACK finishes first (${fmt(t('sack'), 2)} s), then NewReno (${fmt(t('newreno'), 2)}), Reno last (${fmt(t('reno'), 2)}). Reno leaves fast recovery at the first partial ACK and then waits for its timer (${ours.get('reno')!.timeouts} timeout) and slow-starts from 1 segment, as the paper's cwnd plot shows; NewReno repairs one hole per round trip; SACK all of them in one. Reno's penalty is smaller than in OPNET (${fmt(t('reno') - t('sack'), 2)} s against ${rowLabel === '2' ? '1.65' : '1.87'} s), as for the 0.5 s outage: OPNET's timeout seems to fire later.`
        : `Order here: ${order.map((v) => `${VARIANT_LABELS[v]} ${fmt(t(v), 2)} s`).join(', ')} (paper: SACK, NewReno, Reno).`,
    );
  }
  return parts.join(' ');
}

export function note004outage(d: number, runs: Run[], none: Run | undefined): string {
  const ours = byVariant(runs, 'ftp');
  const t = (v: Variant): number => ours.get(v)!.completion_s ?? NaN;
  const base = none ? (row(none, 'ftp').completion_s ?? NaN) : NaN;
  const parts: string[] = [];
  if (d < 1) {
    const order = ranked(ours, (x) => -(x.completion_s ?? Infinity));
    parts.push(
      order[0] === 'sack'
        ? `**Agrees with the paper:** SACK finishes first (${fmt(t('sack'), 2)} s, ${fmt(t('sack') - base, 1)} s lost to the outage), ${order[1] === 'newreno' ? `then NewReno (${fmt(t('newreno'), 2)}), Reno last (${fmt(t('reno'), 2)})` : `then ${VARIANT_LABELS[order[1]]} and ${VARIANT_LABELS[order[2]]} (${fmt(t(order[1]), 2)}, ${fmt(t(order[2]), 2)})`}.`
        : `Order here: ${order.map((v) => `${VARIANT_LABELS[v]} ${fmt(t(v), 2)} s`).join(', ')} (paper: SACK, NewReno, Reno).`,
    );
    parts.push(
      `As in the paper, the three short outages give the same times: each ends at the same moment and the link is idle before it (the window's train of segments passed long before), so all three cut off the same ${ours.get('reno')!.drops} segments.`,
    );
    const nr = ours.get('newreno')!;
    if (nr.timeouts > 0 && nr.fast_retransmits > 0)
      parts.push(
        `NewReno starts repairing the holes one per round trip, but ${ours.get('reno')!.drops} holes at 0.8 s each would take ${fmt(0.8 * ours.get('reno')!.drops, 0)} s: like ns-2's NewReno, ours restarts the retransmission timer only at the first partial ACK (RFC 6582's "impatient" variant), so one RTO later it falls back to a timeout and slow start — which is why it ends up barely ahead of Reno, while SACK, which knows every hole, repairs them without a timeout.`,
      );
    parts.push(
      `Our times are close to the paper's because we chose the cloud's latency for it (see Parameters); what the comparison tests is the order and the size of the differences.`,
    );
  } else {
    parts.push(
      close(t('reno'), t('sack'), 0.002) && close(t('reno'), t('newreno'), 0.002)
        ? `**Agrees with the paper** that the three variants finish together: a 10 s outage loses the whole window and leaves only the retransmission timer. **Differs in how much it costs:** ours ${fmt(t('reno') - base, 1)} s over the transfer without outage (${fmt(base, 2)} s), the paper's about ${fmt(206.53 - 201.46, 0)}–${fmt(206.53 - 196.5, 0)} s over its short outages. Here the timer expires ${ours.get('reno')!.timeouts} times, doubling each time, and after repeated timeouts ssthresh falls to its minimum of 2 segments, so the window regrows by only one segment per 0.8 s round trip from 2 back to 44 — about half a minute. OPNET evidently kept a larger ssthresh or backed off less.`
        : `10 s outage: ${listByVariant(runs, 'ftp', (x) => x.completion_s, 2)} s (paper 206.53 for all).`,
    );
  }
  return parts.join(' ');
}
