/** Paper 004's lightly congested network (section 3.6, Scenario 2, Figure 21): the congested network's topology under a light load. */
import type { Variant } from '../../src/engine/scenario/types';
import { VARIANT_LABELS } from '../../src/engine/tcp/variants';
import { GROUPS, type Preset, type Run, TITLES, fmt } from './common';
import { TCP004_TEXT } from './paper-004';
import { CONGESTED004, DATABASE004, FTP004 } from './paper-004-congested';
import { type App004, VARIANTS004, app, cwndOf, subnetsBody004, sum, variantRun004 } from './paper-004-subnets';

export const LIGHT004 = 'p004-light';
/** The congested preset's applications with two connections instead of three and think times ten times as long. */
const lighter = (a: App004): App004 => ({
  ...a,
  thinkTime: { ...a.thinkTime, mean: a.thinkTime.mean * 10 },
  connections: 2,
});
const FTP = lighter(FTP004);
const DATABASE = lighter(DATABASE004);
/** The paper repeats this scenario "number of times with different seeds"; three here keep the generator quick. */
const SEEDS = [1, 2, 3];

export function lightPreset004(order: number): Preset {
  return {
    file: `paper-004/${LIGHT004}.json`,
    ui: {
      group: GROUPS.p004,
      order,
      preset: LIGHT004,
      paper: '004',
      tags: [
        'opnet',
        'light congestion',
        'database',
        'ftp',
        'request response',
        'transactions',
        'response time',
        'subnets',
        'ip cloud',
        'seeds',
      ],
    },
    name: '004 Lightly congested network, six clients and two servers',
    body: subnetsBody004(FTP, DATABASE),
    text: [
      `Paper 004 (${TITLES['004']}), multiple clients and multiple servers under low congestion (section 3.6, Scenario 2).`,
      '',
      `**Setup.** The network of \`${CONGESTED004}\`: four subnets, server 1 behind router A, server 2 behind router B, clients 1–3 behind router C and clients 4–6 behind router D, 100 Mbps LAN links, 45 Mbps links from each router to the "IP cloud". Every client runs the same two applications against its server, each now over **2** connections (3 in the congested one): **FTP** (\`ftp1\` … \`ftp6\`: a 64-byte get, a 1 MB file back, then an exponential think time of mean **20 s**) and **database** (\`db1\` … \`db6\`: a 512-byte query, a 32 KB answer, then an exponential think time of mean **10 s**). 5 minutes. All flows are Reno; switch every \`variant\` to sack or newreno, and change \`seed\`, for the other runs. The connections run as flows \`ftp1.1\` … (the server's side) and \`ftp1.1.req\` … (the requests); \`transactions.csv\` lists every transaction's response time.`,
      '',
      "**What to look for.** Most of the time a server sends one or two files at a time and its queues stay short; segments are lost only where bursts meet in the queue of a server's LAN or uplink: when the connections' slow starts coincide, or several file transfers of one server overlap. Compare the timeouts, the cwnd of `ftp1.2` and the FTP response times across the variants and seeds.",
      '',
      '**The paper** (OPNET 11.0, Figure 21) simulates the network "with very low congestion", repeats the simulation "number of times with different seeds", and finds "the SACK performance is observed superior to that of Reno and NewReno"; it shows one cwnd plot and gives no numbers, no load and no measure of "performance" other than the window.',
      '',
      `**Parameters.** As in \`${CONGESTED004}\` (topology, links, DropTail queues of 50 packets, request and answer sizes, 5 minutes; ${TCP004_TEXT}) **Where the paper is silent, our choices:** the load. The paper only says "very low congestion" and calls its Figure 21 a "lightly congested network", so we keep the congested preset's applications and lower the offered load until losses are rare but not absent: think times ten times as long (FTP 20 s instead of 2 s, database 10 s instead of 1 s) and 2 connections per application and client instead of 3. Our first choice, one connection each, lost no segment at all with any seed (with a window of 44 segments and queues of 50, one connection cannot overflow a queue by itself), and without a loss the three variants send exactly the same segments; so we took the lightest load, in steps of one connection, at which the Reno run with seed 1 loses segments at all, choosing by that loss count alone, before running SACK or NewReno, and not changing it after. Each server then offers about 6 × 8 Mbit per 21 s ≈ 2.3 Mbit/s of files, a few per cent of its 45 Mbps uplink. Seeds ${SEEDS.join(', ')} (the think times are the only random draws): each variant runs once per seed, and the table averages over the seeds.`,
    ].join('\n'),
    runs: SEEDS.flatMap((seed) => VARIANTS004.map((v) => variantRun004(v, `${v} seed ${seed}`, seed))),
    result: (runs) => lightResult(runs),
  };
}

const variantOf = (run: Run) => run.label.split(' ')[0] as Variant;
const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

function lightResult(runs: Run[]): string {
  const of = (v: Variant) => runs.filter((r) => variantOf(r) === v);
  const line = (label: string, pick: (run: Run) => number, digits: number) =>
    `| ${label} | ${VARIANTS004.map((v) => fmt(mean(of(v).map(pick)), digits)).join(' | ')} |`;
  const ftpMean = (r: Run) => app(r, 'ftp').mean / 1000;
  /** per seed, the variant whose files came back fastest on average */
  const fastest = SEEDS.map((seed) => {
    const bySeed = runs.filter((r) => r.seed === seed);
    return variantOf([...bySeed].sort((a, b) => ftpMean(a) - ftpMean(b))[0]);
  });
  const drops = runs.reduce((s, r) => s + sum(r, (x) => x.drops), 0);
  const sackWins = fastest.filter((v) => v === 'sack').length;
  const perSeed = SEEDS.map(
    (seed, i) =>
      `seed ${seed}: ${VARIANTS004.map((v) => {
        const r = runs.find((x) => x.seed === seed && variantOf(x) === v)!;
        return `${VARIANT_LABELS[v]} ${fmt(ftpMean(r), 3)} s`;
      }).join(', ')} (fastest ${VARIANT_LABELS[fastest[i]]})`,
  ).join('; ');
  /** losses in the first second, when every connection opens at once, and after it */
  const early = (r: Run) => r.dropTimes.filter((t) => t < 1).length;
  const late = runs.map((r) => r.dropTimes.length - early(r));
  const startOnly = late.filter((n) => n === 0).length;
  const rel = (v: Variant) => mean(of(v).map(ftpMean)) / mean(of('sack').map(ftpMean)) - 1;
  const t = (v: Variant) => fmt(mean(of(v).map((r) => sum(r, (x) => x.timeouts))), 1);
  let verdict: string;
  if (drops === 0)
    verdict = `**Differs from the paper:** no segment is lost in any run, and without a loss Reno, SACK and NewReno send exactly the same segments: the three columns are the same, and SACK cannot be ahead.`;
  else if (sackWins === SEEDS.length)
    verdict = `**Agrees with the paper, by a small margin:** SACK fetches files fastest on average with every seed (${perSeed}); Reno's mean is ${fmt(100 * rel('reno'), 1)} % and NewReno's ${fmt(100 * rel('newreno'), 1)} % longer. SACK repairs several segments lost in one window in one round trip (timeouts per run: Reno ${t('reno')}, SACK ${t('sack')}, NewReno ${t('newreno')}) and retransmits only what was lost; Reno and NewReno, after a timeout, resend segments that had arrived.`;
  else
    verdict = `**Differs from the paper:** SACK is not ahead with every seed; the file transfers are fastest on average with ${fastest.map((v, i) => `${VARIANT_LABELS[v]} (seed ${SEEDS[i]})`).join(', ')} — ${perSeed}.`;
  const earlyAll = new Set(runs.map(early));
  const lateRuns = runs
    .map((r, i) => ({ r, n: late[i] }))
    .filter((x) => x.n > 0)
    .map((x) => `${VARIANT_LABELS[variantOf(x.r)]} seed ${x.r.seed}: ${x.n}`);
  const where =
    drops === 0 || 2 * startOnly < runs.length
      ? ''
      : ` **Most of the congestion here is the start:** every connection opens at 0 s and their slow starts meet in the servers' queues, ${
          earlyAll.size === 1
            ? `where every run loses the same ${[...earlyAll][0]} segments in the first second`
            : `where the runs lose ${[...earlyAll].sort((a, b) => a - b).join(' to ')} segments in the first second`
        }; after it, ${startOnly} of the ${runs.length} runs lose nothing more${
          lateRuns.length > 0
            ? ` (the others: ${lateRuns.join(', ')} segments, when transfers of one server overlap)`
            : ''
        }. So the differences come mostly from one burst of losses at the start, which no seed changes (the seeds change only the think times). Set \`startJitter\` (e.g. 5 s) to stagger the starts: the losses then nearly vanish, and with them the differences.`;
  return [
    `**Our result** (each variant run in turn on every flow, once per seed ${SEEDS.join(', ')}; means over the seeds; the paper gives a figure, not numbers):`,
    '',
    '| | Reno | SACK | NewReno |',
    '|---|---|---|---|',
    line('files fetched (FTP)', (r) => app(r, 'ftp').transactions, 1),
    line('FTP response time, mean (s)', ftpMean, 3),
    line('FTP goodput (Mbit/s)', (r) => app(r, 'ftp').goodput / 1000, 2),
    line('database transactions', (r) => app(r, 'db').transactions, 1),
    line('database response time, mean (ms)', (r) => app(r, 'db').mean, 0),
    line('segments lost', (r) => sum(r, (x) => x.drops), 1),
    line('segments lost per thousand sent', (r) => (1000 * sum(r, (x) => x.drops)) / sum(r, (x) => x.packets_sent), 2),
    line('retransmissions', (r) => sum(r, (x) => x.retransmissions), 1),
    line('timeouts', (r) => sum(r, (x) => x.timeouts), 1),
    line('mean cwnd, ftp1.1', (r) => cwndOf(r, 'ftp1.1'), 1),
    line('mean cwnd, ftp1.2', (r) => cwndOf(r, 'ftp1.2'), 1),
    '',
    `${verdict}${where} Windows are averaged over the whole run, idle time included; a connection that loses nothing keeps the same window under all three variants, and its window keeps growing past the receiver window of 44 segments (only what is sent is limited by it).`,
  ].join('\n');
}
