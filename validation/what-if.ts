/**
 * What if the engine had ns-2.35's behaviour where docs/validation.md lists a
 * deviation? (`npx tsx validation/what-if.ts [case-prefix]`, needs ns-2.)
 *
 * Runs each case with packet-level events in ns-2 and in our engine three
 * ways — as it is, and with deviations D1, D2 and D3 removed by patching the
 * simulator object in memory — and prints where each run first departs from
 * ns-2. This is an experiment for whoever fixes the engine: the tests never
 * patch anything. The patches show the smallest change that matches ns-2:
 *  - D1: cwnd after a fast retransmit = min(cwnd + inflation, window)/2,
 *    unrounded (ns-2 slowdown() with precisionReduce_ true);
 *  - D2: a SACK-carrying ACK is 8 bytes longer per SACK block;
 *  - D3: a retransmitted hole is not retransmitted again in the same
 *    recovery (ns-2 Sack1's ScoreBoardRQ only moves forward).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PacketKind, type PacketPool } from '../src/engine/net/packets';
import type { Simulator } from '../src/engine/simulator';
import type { SocketState } from '../src/engine/tcp/cc/types';
import type { Scoreboard } from '../src/engine/tcp/scoreboard';
import { CASES } from './cases';
import { firstDifference } from './compare';
import { extractRun } from './ns2/extract';
import { runOurs } from './ours';
import { lossLists, loadCaseScenario } from './regenerate';

const HERE = dirname(fileURLToPath(import.meta.url));

export function patchD1(sim: Simulator): void {
  for (const s of sim.senders) {
    if (!s) continue;
    s.cc.cwndAfterFastRetransmit = (st: SocketState) => Math.max(Math.min(st.cwnd + st.inflation, st.rwnd) / 2, 1);
  }
}

export function patchD2(sim: Simulator): void {
  const send = sim.send.bind(sim);
  const pool: PacketPool = sim.pool;
  sim.send = (pkt: number, node: number, now: number) => {
    if (pool.kind[pkt] === PacketKind.Ack && pool.nsack[pkt] > 0) pool.size[pkt] += 8 * pool.nsack[pkt];
    send(pkt, node, now);
  };
}

interface ScoreboardInside {
  left: number;
  right: number;
  mask: number;
  retran: Uint8Array;
  sacked: Uint8Array;
  update(h: number, pool: PacketPool, pkt: number): number;
}

export function patchD3(sim: Simulator): void {
  for (const s of sim.senders) {
    const sb: Scoreboard | null | undefined = s?.scoreboard;
    if (!sb) continue;
    const inside = sb as unknown as ScoreboardInside;
    const update = inside.update.bind(sb);
    inside.update = (h: number, pool: PacketPool, pkt: number) => {
      const saved: [number, number][] = [];
      for (let q = inside.left; q <= inside.right; q++) saved.push([q, inside.retran[q & inside.mask]]);
      const changed = update(h, pool, pkt);
      for (const [q, v] of saved) {
        if (q >= inside.left && q <= inside.right && inside.sacked[q & inside.mask] === 0) inside.retran[q & inside.mask] = v;
      }
      return changed;
    };
  }
}

async function main(): Promise<void> {
  const prefix = process.argv[2] ?? '';
  const root = mkdtempSync(join(tmpdir(), 'what-if-'));
  try {
    for (const c of CASES.filter((x) => x.id.startsWith(prefix))) {
      const dir = join(root, c.id);
      mkdirSync(dir);
      const seed = c.seeds[0];
      for (const l of lossLists({ ...loadCaseScenario(c), seed })) {
        writeFileSync(join(dir, `loss-${l.from}-${l.to}.txt`), l.counts.join(' ') + '\n');
      }
      // A packet trace even for the light cases: the events are what we compare.
      const tcl = join(dir, 'case.tcl');
      const text = readFileSync(join(HERE, 'ns2', 'scenarios', `${c.id}.tcl`), 'utf8')
        .replace('-trace light', '-trace full')
        .replace('[file dirname [info script]] ..', JSON.stringify(join(HERE, 'ns2')));
      writeFileSync(tcl, text);
      execFileSync('ns', [tcl, dir, String(seed)]);
      const x = await extractRun(c.id, dir, new Map());
      rmSync(dir, { recursive: true, force: true });
      const flows = new Set(x.summary.map((r) => r.flow));
      const line: string[] = [];
      const variants: [string, ((sim: Simulator) => void) | undefined][] = [
        ['as is', undefined],
        ['without D1', patchD1],
        ['without D1-D3', (sim) => (patchD1(sim), patchD2(sim), patchD3(sim))],
      ];
      for (const [name, prepare] of variants) {
        const o = runOurs(c, seed, { events: true, prepare });
        const d = firstDifference(x.events, o.events.filter((e) => flows.has(e.flow)));
        line.push(`${name.padEnd(14)} ${d === null ? `identical (${x.events.length} events)` : d}`);
      }
      console.log(`${c.id}\n  ${line.join('\n  ')}`);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
