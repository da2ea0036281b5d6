/**
 * The validation suite's own bookkeeping: the committed scenario JSON, the
 * ns-2 twins generated from it and the reference data belong together, and
 * ns-2 did what the scenarios asked (its ErrorModel/List lost exactly the
 * listed segments, counted with ns-2's numbering: SYN = 0, data segment i =
 * ns-2 seqno i + 1).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CASES, NS2_TICK } from '../../validation/cases';
import { DEVIATIONS, DIVERGENCE, EXACT_REPLAY, OPEN_DEVIATIONS } from '../../validation/deviations';
import { refEvents, refLink, refSeries, refSummary, refTicks } from '../../validation/reference';
import {
  caseTcl,
  LIB_TCL,
  LIB_TCL_TS,
  libTclModule,
  loadCaseScenario,
  scenarioJson,
  SCENARIO_DIR,
  TCL_DIR,
} from '../../validation/regenerate';
import { NS2_LIB_TCL } from '../../src/engine/output/ns2/lib-tcl';
import { scenarioToTcl } from '../../src/engine/output/ns2/tcl';
import type { TcpFlowSpec } from '../../src/engine/scenario/types';

describe('scenario files', () => {
  it('every case is committed as contract JSON and as its ns-2 twin, unchanged', () => {
    for (const c of CASES) {
      expect(readFileSync(join(SCENARIO_DIR, `${c.id}.json`), 'utf8'), c.id).toBe(scenarioJson(c));
      expect(readFileSync(join(TCL_DIR, `${c.id}.tcl`), 'utf8'), c.id).toBe(caseTcl(c));
    }
  });

  it("the product's ns-2 export inlines lib.tcl as it is", () => {
    expect(NS2_LIB_TCL).toBe(readFileSync(LIB_TCL, 'utf8'));
    expect(readFileSync(LIB_TCL_TS, 'utf8')).toBe(libTclModule(readFileSync(LIB_TCL, 'utf8')));
  });

  it('holds no scenario that is not a case', () => {
    const ids = new Set(CASES.map((c) => c.id));
    for (const f of readdirSync(SCENARIO_DIR)) expect(ids.has(f.replace(/\.json$/, '')), f).toBe(true);
    for (const f of readdirSync(TCL_DIR)) expect(ids.has(f.replace(/\.tcl$/, '')), f).toBe(true);
  });

  it('the ns-2 twin states the conventions it relies on', () => {
    const tcl = readFileSync(join(TCL_DIR, 'drop-reno-2.tcl'), 'utf8');
    expect(tcl).toContain('-window 20 -windowInit 2');
    expect(tcl).toContain('-syn true -hdr 40');
    // data segments 30 and 32 are ns-2 packets 31 and 33 on the first hop (the SYN is 0)
    expect(tcl).toContain('v_drop_list A server r1 {31 33}');
    const vegas = readFileSync(join(TCL_DIR, 'udp-vegas-4mbps.tcl'), 'utf8');
    // ns-2's Vegas sends no SYN and no header; syn_ stays at its default, which starts it at cwnd 1
    expect(vegas).toContain('-syn true -hdr 0');
  });

  it("translates tcpTick to ns-2's tcpTick_, leaves ns-2's default for exact time, and refuses a phase not ns-2's", () => {
    const s = loadCaseScenario(CASES.find((c) => c.id === 'drop-reno-1')!);
    const withTcp = (tcp: Partial<TcpFlowSpec['tcp']>) => ({
      ...s,
      flows: s.flows.map((f) => (f.kind === 'tcp' ? { ...f, tcp: { ...f.tcp, ...tcp } } : f)),
    });
    const opts = { source: 'x.json', trace: 'full' as const, series: [] };
    expect(scenarioToTcl('x', withTcp({ tcpTick: 0.5, tcpTickPhase: 0 }), opts)).toContain(' -tcpTick 0.5 ');
    expect(scenarioToTcl('x', withTcp({ tcpTick: 0, tcpTickPhase: 0 }), opts)).toContain(' -tcpTick {} ');
    expect(() => scenarioToTcl('x', withTcp({ tcpTick: 0.01, tcpTickPhase: 0.001 }), opts)).toThrow(/boot_time_/);
    // The phase the ns2 profile drew is the one ns-2 will draw: accepted.
    expect(s.flows[0].kind === 'tcp' && s.flows[0].tcp.tcpTickPhase).toBeGreaterThan(0);
    expect(scenarioToTcl('x', s, opts)).toContain(' -tcpTick 0.01 ');
  });

  it("runs every case in the ns2 profile, every TCP flow on ns-2's RTT clock, on both sides", () => {
    for (const c of CASES) {
      expect(c.scenario.profile, c.id).toBe('ns2');
      const tcp = loadCaseScenario(c).flows.filter((f): f is TcpFlowSpec => f.kind === 'tcp');
      for (const f of tcp) expect(f.tcp.tcpTick, c.id).toBe(NS2_TICK);
      const tcl = readFileSync(join(TCL_DIR, `${c.id}.tcl`), 'utf8');
      expect(
        tcl.split('\n').filter((l) => l.startsWith('v_tcp ') && l.includes(`-tcpTick ${NS2_TICK} `)).length,
        c.id,
      ).toBe(tcp.length);
    }
  });
});

describe('reference data', () => {
  it('has a row for every flow of every case and seed', () => {
    for (const c of CASES) {
      const flows = (c.scenario.flows as { id: string }[]).map((f) => f.id);
      for (const seed of c.seeds) {
        const rows = refSummary(c.id, seed);
        expect(rows.map((r) => r.flow).sort(), `${c.id} seed ${seed}`).toEqual([...flows].sort());
      }
      if (c.trace === 'full') expect(() => refLink(c.id)).not.toThrow();
      for (const f of c.series)
        expect(refSeries(c.id, c.series.length > 1 ? f : undefined), `${c.id} series`).not.toBeNull();
    }
  });

  it("has ns-2's tick phase (boot_time_) for every TCP flow of every case and seed", () => {
    for (const c of CASES) {
      const tcp = (c.scenario.flows as { id: string; kind: string }[]).filter((f) => f.kind === 'tcp').map((f) => f.id);
      for (const seed of c.seeds) {
        const rows = refTicks(c.id, seed);
        expect(rows.map((r) => r.flow).sort(), `${c.id} seed ${seed}`).toEqual([...tcp].sort());
        for (const r of rows) {
          expect(r.tick_s).toBe(NS2_TICK);
          expect(r.boot_time_s).toBeGreaterThanOrEqual(0);
          expect(r.boot_time_s).toBeLessThan(NS2_TICK);
        }
      }
    }
    // ns-2 seeds its default generator with seed + 1; a lone agent draws once when created and
    // once when `$ns run` resets it: the second uniform of that stream, times the tick.
    expect(refTicks('drop-reno-1', 1)[0].boot_time_s).toBe(0.0011176143219310856);
  });

  it('is small', () => {
    const dir = join(SCENARIO_DIR, '..', 'reference');
    let bytes = 0;
    const walk = (d: string) => {
      for (const f of readdirSync(d, { withFileTypes: true })) {
        if (f.isDirectory()) walk(join(d, f.name));
        else bytes += readFileSync(join(d, f.name)).length;
      }
    };
    walk(dir);
    expect(bytes).toBeLessThan(600_000);
    expect(existsSync(join(dir, 'summary.csv'))).toBe(true);
  });

  it("ns-2's ErrorModel/List lost exactly the listed segments, before any retransmission", () => {
    for (const c of CASES.filter((x) => x.family === 'drops')) {
      const ev = refEvents(c.id);
      const drops = ev.filter((e) => e.event === 'drop').map((e) => e.seq);
      expect(drops, c.id).toEqual(c.params.drops);
      const firstRetx = ev.find((e) => e.event === 'retransmit')!;
      for (const d of ev.filter((e) => e.event === 'drop')) expect(d.time_s).toBeLessThan(firstRetx.time_s);
    }
  });

  it('counts data packets without the SYN, as the engine does', () => {
    // drop-tahoe-1: 901 data packets sent in 5 s by both; ns-2's ndatapack_ was 902 with the SYN.
    const r = refSummary('drop-tahoe-1')[0];
    expect(r.packets_sent).toBe(901);
    expect(r.highest_ack).toBe(879);
  });
});

describe('the deviation tables (validation/deviations.ts)', () => {
  it('put every case either among the exact replays or among the divergences, for a deviation still open', () => {
    const open = new Set(OPEN_DEVIATIONS.map((d) => d.id));
    for (const c of CASES) {
      expect(c.id in EXACT_REPLAY !== c.id in DIVERGENCE, c.id).toBe(true);
      const d = DIVERGENCE[c.id];
      if (!d) continue;
      expect(d.causes.length, c.id).toBeGreaterThan(0);
      for (const id of d.causes) expect(open.has(id), `${c.id}: ${id}`).toBe(true);
      for (const s of d.exactSeeds ?? []) expect(c.seeds, c.id).toContain(s);
    }
    for (const id of [...Object.keys(EXACT_REPLAY), ...Object.keys(DIVERGENCE)])
      expect(
        CASES.some((c) => c.id === id),
        id,
      ).toBe(true);
  });

  it("keep ns-2's events of every exact replay it traced packet by packet", () => {
    for (const c of CASES.filter((x) => x.id in EXACT_REPLAY && x.trace === 'full' && x.params.variant !== 'vegas')) {
      expect(refEvents(c.id).length, c.id).toBeGreaterThan(0);
    }
  });

  it('date each fixed deviation and say what showed it', () => {
    for (const d of DEVIATIONS.filter((x) => x.fixed)) {
      expect(d.fixed!.date, d.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.fixed!.evidence.length, d.id).toBeGreaterThan(40);
    }
    expect(DEVIATIONS.filter((d) => d.fixed).map((d) => d.id)).toEqual(['D1', 'D2', 'D3', 'D4']);
  });

  it('name the option that models a deviation, which then keeps no case from replaying ns-2', () => {
    const modelled = DEVIATIONS.filter((d) => d.modelled);
    expect(modelled.map((d) => d.id)).toEqual(['D5']);
    for (const d of modelled) {
      expect(d.modelled!.date, d.id).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d.modelled!.option, d.id).toContain('tcpTick');
      expect(OPEN_DEVIATIONS.map((x) => x.id)).not.toContain(d.id);
      for (const [id, div] of Object.entries(DIVERGENCE)) expect(div.causes, id).not.toContain(d.id);
    }
  });
});
