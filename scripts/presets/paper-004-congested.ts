/** Paper 004's congested network: six clients and two servers in four subnets, FTP and database traffic (OPNET). */
import type { Variant } from '../../src/engine/scenario/types';
import { VARIANT_LABELS } from '../../src/engine/tcp/variants';
import { GROUPS, type Json, type Preset, type Run, TITLES, fmt } from './common';
import { TCP004_TEXT } from './paper-004';
import { type App004, VARIANTS004, app, cwndOf, subnetsBody004, sum, variantRun004 } from './paper-004-subnets';

export const CONGESTED004 = 'p004-congested';
/** Each application as a request/response flow (traffic/transactions.ts). */
export const FTP004: App004 = {
  request: 64,
  response: '1MB',
  thinkTime: { distribution: 'exponential', mean: 2 },
  connections: 3,
};
export const DATABASE004: App004 = {
  request: 512,
  response: 32768,
  thinkTime: { distribution: 'exponential', mean: 1 },
  connections: 3,
};

export function congestedBody004(variant: Variant = 'reno'): Json {
  return subnetsBody004(FTP004, DATABASE004, variant);
}

export function congestedPreset004(order: number): Preset {
  return {
    file: `paper-004/${CONGESTED004}.json`,
    ui: {
      group: GROUPS.p004,
      order,
      preset: CONGESTED004,
      paper: '004',
      tags: [
        'opnet',
        'congestion',
        'database',
        'ftp',
        'request response',
        'transactions',
        'response time',
        'subnets',
        'ip cloud',
      ],
    },
    name: '004 Congested network, six clients and two servers',
    body: congestedBody004(),
    text: [
      `Paper 004 (${TITLES['004']}), multiple clients and multiple servers (section 3.5).`,
      '',
      "**Setup.** Four subnets: server 1 behind router A, server 2 behind router B, clients 1–3 behind router C and clients 4–6 behind router D, each host on a 100 Mbps LAN link to its router; the four routers reach an \"IP cloud\" (a router) over 45 Mbps links. Every client runs two applications against its server, each as a request/response flow: **FTP** (`ftp1` … `ftp6`: a 64-byte get, a 1 MB file back, then an exponential think time of mean 2 s) and **database** (`db1` … `db6`: a 512-byte query, a 32 KB answer, then an exponential think time of mean 1 s), each over 3 connections. 5 minutes. All flows are Reno; switch every `variant` to sack or newreno for the paper's other runs. The connections run as flows `ftp1.1` … (the server's side, whose cwnd the paper plots) and `ftp1.1.req` … (the requests); `transactions.csv` lists every transaction's response time.",
      '',
      "**What to look for.** The servers' uplinks (`wanA`, `wanB`) and their LAN links take the bursts of 18 connections each: drops, fast retransmits and timeouts there; the cwnd of the connections of one client (the paper's ports 1025, 1026, 1027 are the first three connections of a server); the response times of the database transactions, which share the congested links with the file transfers.",
      '',
      "**The paper** (OPNET 11.0, Figures 18–20) plots the cwnd of three connections of a server under heavy congestion and finds no consistent order: Reno keeps the largest window on port 1025, NewReno on port 1027 and SACK on another, different from seed to seed; it gives no numbers. With light congestion (Figure 21; our preset `p004-light`) SACK does best. The paper's conclusion: under heavy congestion none of the three improves the window consistently.",
      '',
      `**Parameters.** As the paper states them: six clients and two servers in four subnets, 100 Mbps LANs, 45 Mbps links to the IP cloud, FTP and database applications, 5 minutes, Reno, SACK and NewReno; the TCP settings of its Table 1 ("for all scenarios"). ${TCP004_TEXT} **Where the paper is silent, our choices:** which client uses which server (clients 1–3 server 1, clients 4–6 server 2, each server running both applications); the applications' sizes and timing (the paper only says "customized": the database answer is OPNET's "Database Access (Heavy)" transaction size of 32,768 bytes, the think times are shorter than OPNET's standard profiles so that the network is heavily congested, as the paper describes, and the think time starts at each answer, not at each request); 3 connections per application and client; 20 ms on each side of the cloud and 1 ms on the LAN links (a round trip of about 84 ms, so that 18 connections per server can offer more than 45 Mbps); DropTail queues of 50 packets (ns-2's default; OPNET's are not given).`,
    ].join('\n'),
    runs: VARIANTS004.map((v) => variantRun004(v)),
    result: (runs) => congestedResult(runs),
  };
}

function congestedResult(runs: Run[]): string {
  const v = (run: Run) => run.label as Variant;
  const head = '| | Reno | SACK | NewReno |';
  const line = (label: string, pick: (run: Run) => string) => `| ${label} | ${runs.map(pick).join(' | ')} |`;
  const ports = ['ftp1.1', 'ftp1.2', 'ftp1.3'];
  const leader = ports.map((p) => {
    const best = [...runs].sort((a, b) => cwndOf(b, p) - cwndOf(a, p))[0];
    return VARIANT_LABELS[v(best)];
  });
  const leaders = new Set(leader);
  const ftp = new Map(runs.map((r) => [v(r), app(r, 'ftp')]));
  const fastest = [...ftp].sort((a, b) => a[1].mean - b[1].mean)[0][0];
  const timeouts = new Map(runs.map((r) => [v(r), sum(r, (x) => x.timeouts)]));
  return [
    '**Our result** (each variant run in turn on every flow; the paper gives figures, not numbers):',
    '',
    head,
    '|---|---|---|---|',
    line('files fetched (FTP)', (r) => fmt(app(r, 'ftp').transactions, 0)),
    line('FTP response time, mean (s)', (r) => fmt(app(r, 'ftp').mean / 1000, 2)),
    line('FTP goodput (Mbit/s)', (r) => fmt(app(r, 'ftp').goodput / 1000, 1)),
    line('database transactions', (r) => fmt(app(r, 'db').transactions, 0)),
    line('database response time, mean (ms)', (r) => fmt(app(r, 'db').mean, 0)),
    line('segments lost', (r) =>
      fmt(
        sum(r, (x) => x.drops),
        0,
      ),
    ),
    line('retransmissions', (r) =>
      fmt(
        sum(r, (x) => x.retransmissions),
        0,
      ),
    ),
    line('timeouts', (r) =>
      fmt(
        sum(r, (x) => x.timeouts),
        0,
      ),
    ),
    ...ports.map((p, i) => line(`mean cwnd, ${p} ("port ${1025 + i}")`, (r) => fmt(cwndOf(r, p), 1))),
    '',
    `${
      leaders.size > 1
        ? `**Agrees with the paper** that no variant keeps the largest window on every connection: on the first three connections of server 1 the largest mean cwnd is ${leader.join(', ')}.`
        : `**Differs from the paper:** here ${leader[0]} keeps the largest mean cwnd on all three of the first connections of server 1, where the paper saw a different leader on each port.`
    } Windows are averaged over the whole run, idle time included (the window of an idle connection stays where it was, and may exceed the receiver window: only what is sent is limited). ${
      fastest === 'sack'
        ? `SACK fetches files fastest on average and needs the fewest timeouts (Reno ${fmt(timeouts.get('reno'), 0)}, SACK ${fmt(timeouts.get('sack'), 0)}, NewReno ${fmt(timeouts.get('newreno'), 0)}): the bursts that overflow the 50-packet queues lose several segments of one window, which SACK repairs in one round trip, NewReno one per round trip and Reno usually with a timeout — the paper's "overall performance of SACK is better".`
        : `The fastest file transfers on average are ${VARIANT_LABELS[fastest]}'s; timeouts: Reno ${fmt(timeouts.get('reno'), 0)}, SACK ${fmt(timeouts.get('sack'), 0)}, NewReno ${fmt(timeouts.get('newreno'), 0)}.`
    } The database answers share the congested links but are short (23 segments): most fit in one or two windows, so the variant matters little to their response time.`,
  ].join('\n');
}
