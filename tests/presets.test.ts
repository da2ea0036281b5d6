/**
 * The preset library (src/presets): every scenario file of the seed papers and
 * the lessons loads, validates and runs to the end; the catalog, its search,
 * the paper tables and the lessons point at things that exist and agree with
 * what the engine actually does.
 *
 * Every preset runs its full duration: the whole library takes a few seconds.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { RunData } from '../src/engine/output/rundata';
import { runScenario } from '../src/engine/run';
import { formatIssues, parseScenario } from '../src/engine/scenario/index';
import type { Scenario } from '../src/engine/scenario/types';
import { runFlows } from '../src/engine/traffic/transaction-plan';
import {
  PRESETS,
  PRESET_FILES,
  PRESET_ID_PATTERN,
  findPreset,
  presetGroups,
  searchPresets,
} from '../src/presets/catalog';
import {
  LESSONS,
  applyLessonRun,
  captionFor,
  captionTemplate,
  jainIndex,
  questionsAt,
  type Lesson,
  type LessonRun,
} from '../src/presets/lessons';
import { PAPER_TABLES, cellMetric, compareWithPaper, findTable, tablesForPreset } from '../src/presets/paper-tables';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

function load(json: unknown, what: string): Scenario {
  const r = parseScenario(json);
  if (!r.ok) throw new Error(`${what}:\n${formatIssues(r.issues).join('\n')}`);
  return r.scenario;
}

function expectRanToEnd(s: Scenario, data: RunData): void {
  // One row per flow the engine ran: a request/response flow's connections, each direction.
  expect(data.summary.map((r) => r.flow)).toEqual(runFlows(s).map((f) => f.id));
  const last = data.times[data.times.length - 1];
  expect(last).toBeGreaterThan(s.duration - s.sampleInterval - 1e-9);
  for (const r of data.summary) {
    expect(Number.isFinite(r.throughput_kbps)).toBe(true);
    expect(r.packets_delivered).toBeLessThanOrEqual(r.packets_sent);
  }
}

describe('every preset', () => {
  for (const p of PRESETS) {
    describe(p.id, () => {
      it('loads and validates', () => {
        const s = load(p.scenario, p.path);
        expect(s.ui).toMatchObject({ preset: p.id, group: p.group });
        expect(s.name).toBe(p.title);
        expect(s.description.length).toBeGreaterThan(200);
      });
      it('runs to the end', () => {
        const scenario = load(p.scenario, p.path);
        const data = runScenario(scenario);
        expectRanToEnd(scenario, data);
        // A file download must finish within the run (paper 004).
        for (const f of scenario.flows) {
          if (f.kind === 'tcp' && f.bytes !== null) {
            expect(data.summary.find((r) => r.flow === f.id)?.completion_s, `${f.id} finished`).not.toBeNull();
          }
          // Every connection of a request/response flow completes transactions (paper 004's congested network).
          if (f.kind === 'transaction')
            for (let c = 1; c <= f.connections; c++)
              expect(
                data.transactions?.some((t) => t.flow === f.id && t.connection === c),
                `${f.id}.${c}`,
              ).toBe(true);
        }
      });
    });
  }
});

describe('catalog', () => {
  it('has a preset for every file under scenarios/paper-*/ and scenarios/lessons/, and only those', () => {
    const dirs = readdirSync(join(ROOT, 'scenarios'), { withFileTypes: true })
      .filter((d) => d.isDirectory() && (d.name.startsWith('paper-') || d.name === 'lessons'))
      .map((d) => d.name);
    const onDisk = dirs.flatMap((d) =>
      readdirSync(join(ROOT, 'scenarios', d))
        .filter((f) => f.endsWith('.json'))
        .map((f) => `scenarios/${d}/${f}`),
    );
    expect(PRESETS.map((p) => p.path).sort()).toEqual(onDisk.sort());
    expect(PRESET_FILES.length).toBe(PRESETS.length);
  });

  it('imports each file exactly as it is on disk', () => {
    for (const p of PRESETS) {
      expect(p.scenario, p.path).toEqual(JSON.parse(readFileSync(join(ROOT, p.path), 'utf8')));
    }
  });

  it('has unique, URL-safe ids', () => {
    const ids = PRESETS.map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(PRESET_ID_PATTERN);
      expect(encodeURIComponent(id)).toBe(id);
    }
  });

  it('groups the presets by paper, then the lessons, in order', () => {
    const groups = presetGroups();
    expect(groups.map((g) => g.paper)).toEqual(['000', '001', '002', '003', '004', null]);
    expect(groups[5].title).toBe('Lessons');
    expect(groups[0].presets).toHaveLength(20);
    for (const g of groups) {
      const orders = g.presets.map((p) => p.order);
      expect(orders).toEqual([...orders].sort((a, b) => a - b));
      for (const p of g.presets) expect(p.kind).toBe(g.paper ? 'paper' : 'lesson');
    }
  });

  it('finds a preset by id', () => {
    expect(findPreset('p000-ee-400')?.title).toMatch(/E\/E/);
    expect(findPreset('lesson-one-loss')?.kind).toBe('lesson');
    expect(findPreset('nope')).toBeUndefined();
  });

  it('uses the flow ids the paper tables and lessons rely on', () => {
    for (const p of PRESETS) {
      const s = load(p.scenario, p.path);
      for (const f of s.flows)
        expect(f.id, p.id).toMatch(
          f.kind === 'transaction'
            ? /^(ftp|db)\d$/
            : /^(tcp\d?|udp|ftp|sack|westwood|westwoodnr|reno|cubic|bbr|dctcp)$/,
        );
    }
  });
});

describe('search', () => {
  it('finds by paper number, paper number first', () => {
    const hits = searchPresets('000');
    const p000 = PRESETS.filter((p) => p.paper === '000').map((p) => p.id);
    expect(p000).toHaveLength(20);
    expect(
      hits
        .slice(0, 20)
        .map((p) => p.id)
        .sort(),
    ).toEqual([...p000].sort());
    expect(
      searchPresets('paper 004').every((p) => p.paper === '004' || p.description.toLowerCase().includes('004')),
    ).toBe(true);
    expect(
      searchPresets('paper 004')
        .slice(0, 9)
        .every((p) => p.paper === '004'),
    ).toBe(true);
  });

  it('finds by variant, case-insensitively', () => {
    const vegas = searchPresets('Vegas').map((p) => p.id);
    expect(vegas).toContain('lesson-vegas-queue');
    expect(vegas).toContain('p001-exp2-vegas-vegas');
    expect(searchPresets('VEGAS').map((p) => p.id)).toEqual(vegas);
    const westwood = searchPresets('westwood-nr').map((p) => p.id);
    expect(westwood).toContain('p002-udp');
    expect(westwood).toContain('p002-congested');
  });

  it('finds by a word of the description', () => {
    const hits = searchPresets('discarder').map((p) => p.id);
    expect(hits).toEqual(
      expect.arrayContaining(['p004-loss-none', 'p004-loss-1', 'p004-loss-2', 'p004-loss-5', 'p004-loss-all']),
    );
    expect(searchPresets('starved').map((p) => p.id)).toContain('p003-topo3-droptail-30ms');
  });

  it('needs every word to match', () => {
    const hits = searchPresets('paper 004 outage');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((p) => p.paper === '004')).toBe(true);
    // Matches in the tags (the four outages and "all packets lost", a link down) rank above matches in the text.
    expect(hits.slice(0, 5).map((p) => p.id)).toEqual(
      expect.arrayContaining([
        'p004-outage-0.05',
        'p004-outage-0.1',
        'p004-outage-0.2',
        'p004-outage-10',
        'p004-loss-all',
      ]),
    );
    expect(searchPresets('vegas zzzqqq')).toEqual([]);
  });

  it('gives everything for an empty query', () => {
    expect(searchPresets('  ')).toHaveLength(PRESETS.length);
  });
});

describe('paper tables', () => {
  it('reference existing presets, with one number per column', () => {
    for (const t of PAPER_TABLES) {
      expect(findTable(t.id)).toBe(t);
      for (const r of t.rows) {
        expect(r.header).toHaveLength(t.rowHeader.length);
        expect(r.values).toHaveLength(t.columns.length);
        for (const id of r.presets) expect(findPreset(id), `${t.id} → ${id}`).toBeDefined();
        for (const c of t.columns)
          expect(cellMetric(t, r, c), `${t.id} ${r.header.join(' ')} ${c.label}`).toBeDefined();
      }
    }
    expect(PAPER_TABLES.map((t) => t.id)).toEqual([
      '000-IV',
      '000-V',
      '000-VI',
      '000-VII',
      '002-1',
      '002-B3',
      '003-2',
      '003-4',
      '004-2',
      '004-3',
    ]);
  });

  it('name only flows that the presets have', () => {
    for (const t of PAPER_TABLES) {
      for (const r of t.rows) {
        for (const id of r.presets) {
          const s = load(findPreset(id)!.scenario, id);
          for (const c of t.columns) expect(s.flows.map((f) => f.id)).toContain(cellMetric(t, r, c)!.flow);
          for (const f of Object.keys(r.variants ?? {})) expect(s.flows.map((x) => x.id)).toContain(f);
        }
      }
    }
  });

  it("agree with each preset's ui.table", () => {
    for (const p of PRESETS) {
      if (p.table)
        expect(
          tablesForPreset(p.id).map((t) => t.id),
          p.id,
        ).toContain(p.table);
      else expect(tablesForPreset(p.id), p.id).toEqual([]);
    }
  });

  it('line our runs up beside the paper (004 Table 2, two losses)', () => {
    const base = findPreset('p004-loss-2')!.scenario as { flows: { variant: string }[] };
    const runs = (['reno', 'sack', 'newreno'] as const).map((v) => {
      const json = structuredClone(base);
      json.flows[0].variant = v;
      return { presetId: 'p004-loss-2', summary: runScenario(load(json, v)).summary };
    });
    const rows = compareWithPaper('004-2', runs);
    expect(rows.map((r) => r.header[0])).toEqual(['None', '1', '2', '5', 'All']);
    const two = rows[2];
    expect(two.cells.map((c) => c.paper)).toEqual([20.9, 19.25, 19.28]);
    for (const c of two.cells) {
      expect(c.ours).not.toBeNull();
      expect(c.each).toHaveLength(1);
      expect(c.diff).toBeCloseTo(c.ours! - c.paper!, 9);
    }
    // Reno is slowest, as in the paper.
    expect(two.cells[0].ours!).toBeGreaterThan(Math.max(two.cells[1].ours!, two.cells[2].ours!));
    // Rows without a matching run stay empty; an unknown table gives nothing.
    expect(rows[0].cells.every((c) => c.ours === null && c.each.length === 0)).toBe(true);
    expect(compareWithPaper('nope', runs)).toEqual([]);
  });

  it('average several presets that share one printed row (004 Table 3)', () => {
    const summary = (v: string, t: number) => [
      {
        flow: 'ftp',
        kind: 'tcp' as const,
        variant: v,
        from: 'server',
        to: 'client',
        throughput_kbps: 0,
        packets_sent: 0,
        packets_delivered: 0,
        retransmissions: 0,
        timeouts: 0,
        fast_retransmits: 0,
        drops: 0,
        drop_rate: 0,
        avg_latency_ms: null,
        avg_cwnd: null,
        avg_ssthresh: null,
        completion_s: t,
        ack_drops: 0,
      },
    ];
    const rows = compareWithPaper('004-3', [
      { presetId: 'p004-outage-0.05', summary: summary('sack', 200) },
      { presetId: 'p004-outage-0.1', summary: summary('sack', 202) },
      { presetId: 'p004-outage-10', summary: summary('reno', 220) },
    ]);
    expect(rows[0].cells[1]).toMatchObject({ column: 'SACK', paper: 196.5, ours: 201 });
    expect(rows[0].cells[1].each.map((e) => e.presetId)).toEqual(['p004-outage-0.05', 'p004-outage-0.1']);
    expect(rows[0].cells[0].ours).toBeNull();
    expect(rows[1].cells[0]).toMatchObject({ column: 'Reno', paper: 206.53, ours: 220 });
  });
});

describe('lessons', () => {
  it('have unique URL-safe ids and reference existing presets, flows and links', () => {
    expect(new Set(LESSONS.map((l) => l.id)).size).toBe(LESSONS.length);
    for (const l of LESSONS) {
      expect(l.id).toMatch(PRESET_ID_PATTERN);
      const p = findPreset(l.preset);
      expect(p, l.preset).toBeDefined();
      expect(p!.kind).toBe('lesson');
      const s = load(p!.scenario, l.preset);
      expect(s.flows.map((f) => f.id)).toContain(l.flow);
      expect(new Set(l.runs.map((r) => r.id)).size).toBe(l.runs.length);
      for (const r of l.runs) {
        expect(r.id).toMatch(PRESET_ID_PATTERN);
        for (const f of Object.keys(r.patch.flows ?? {})) expect(s.flows.map((x) => x.id)).toContain(f);
        for (const k of Object.keys(r.patch.links ?? {})) expect(s.links.map((x) => x.id)).toContain(k);
      }
    }
  });

  it('run the two loss lessons with Tahoe, Reno, NewReno and SACK', () => {
    for (const id of ['one-loss', 'multi-loss']) {
      const l = LESSONS.find((x) => x.id === id)!;
      expect(l.runs.map((r) => r.patch.flows?.[l.flow]?.variant)).toEqual(['tahoe', 'reno', 'newreno', 'sack']);
    }
  });

  it('have questions whose answer is one of the choices', () => {
    for (const l of LESSONS) {
      expect(l.questions.length, l.id).toBeGreaterThan(0);
      const ids = l.questions.map((q) => q.id);
      expect(new Set(ids).size).toBe(ids.length);
      for (const q of l.questions) {
        expect(q.choices, q.id).toContain(q.answer);
        expect(new Set(q.choices).size).toBe(q.choices.length);
        expect(q.why.length).toBeGreaterThan(20);
      }
    }
  });

  it('leave the base scenario unchanged when a run is applied', () => {
    const l = LESSONS.find((x) => x.id === 'fairness')!;
    const base = findPreset(l.preset)!.scenario;
    const before = JSON.stringify(base);
    const patched = applyLessonRun(base, l.runs[1]) as { links: { id: string; delay: string }[] };
    expect(patched.links.find((x) => x.id === 'access2')?.delay).toBe('42ms');
    expect(JSON.stringify(base)).toBe(before);
  });

  it('fill caption placeholders', () => {
    const l = LESSONS.find((x) => x.id === 'one-loss')!;
    const text = captionFor(l, 'reno', { event: 'fast_retransmit', seq: 100, cwnd: 16, ssthresh: 16, time_s: 0.64 });
    expect(text).toContain('segment 100');
    expect(text).toContain('16 segments');
    expect(text).not.toMatch(/\{\w+\}/);
    expect(captionFor(l, 'tahoe', { event: 'fast_retransmit', seq: 100, cwnd: 1, ssthresh: 16 })).toMatch(/Tahoe/);
    expect(captionFor(l, 'reno', { event: 'link_up', detail: 'the engine says so' })).toBe('the engine says so');
    expect(jainIndex([5, 5])).toBe(1);
    expect(jainIndex([10, 0])).toBe(0.5);
  });

  // Run every lesson run and check the lesson data against what the engine does:
  // each step a student can reach has a caption written for it, and every
  // question is attached to a step that really happens in that run.
  for (const l of LESSONS) {
    for (const run of l.runs) {
      const scenario = load(applyLessonRun(findPreset(l.preset)!.scenario, run), `${l.id}/${run.id}`);
      it(`${l.id} / ${run.id}: steps have captions and questions meet their steps`, () => {
        checkLessonRun(l, run, scenario);
      });
    }
  }
});

function checkLessonRun(l: Lesson, run: LessonRun, scenario: Scenario): void {
  const data = runScenario(scenario);
  expectRanToEnd(scenario, data);
  const flow = scenario.flows.find((f) => f.id === l.flow)!;
  const variant = flow.kind === 'tcp' ? flow.variant : 'reno';
  const events = data.events.filter((e) => e.flow === l.flow || e.flow === '');
  const seen = new Map<string, number>();
  for (const e of events) {
    seen.set(e.event, (seen.get(e.event) ?? 0) + 1);
    if (
      ['fast_retransmit', 'recovery_enter', 'recovery_exit', 'partial_ack', 'timeout'].includes(e.event) &&
      isLossLesson(l)
    ) {
      expect(captionTemplate(l, variant, e.event), `${l.id}/${run.id}: caption for ${e.event}`).toBeDefined();
    }
    const text = captionFor(l, variant, e);
    expect(text).not.toMatch(/\{\w+\}/);
  }
  if (isLossLesson(l) && seen.has('fast_retransmit')) {
    expect(captionTemplate(l, variant, 'dupacks')).toBeDefined();
  }
  for (const q of l.questions) {
    if (q.variants && !q.variants.includes(variant)) continue;
    if (q.at === 'start' || q.at === 'end') continue;
    if (q.at === 'dupacks') {
      expect(seen.get('fast_retransmit') ?? 0, `${q.id} in ${run.id}`).toBeGreaterThan(0);
      continue;
    }
    expect(
      seen.get(q.at) ?? 0,
      `${l.id}/${run.id}: question ${q.id} waits for ${q.at} #${q.occurrence ?? 1}`,
    ).toBeGreaterThanOrEqual(q.occurrence ?? 1);
    expect(questionsAt(l, variant, q.at, q.occurrence ?? 1)).toContain(q);
  }
}

function isLossLesson(l: Lesson): boolean {
  return l.id === 'one-loss' || l.id === 'multi-loss';
}

describe('lesson behaviour the captions describe', () => {
  it('multi-loss: Reno times out, NewReno takes partial ACKs, SACK resends holes, none of them time out but Reno', () => {
    const l = LESSONS.find((x) => x.id === 'multi-loss')!;
    const base = findPreset(l.preset)!.scenario;
    const events = (id: string) =>
      runScenario(
        load(
          applyLessonRun(
            base,
            l.runs.find((r) => r.id === id)!,
          ),
          id,
        ),
      ).events.filter((e) => e.flow === 'tcp');
    const count = (id: string, ev: string) => events(id).filter((e) => e.event === ev).length;
    expect(count('reno', 'timeout')).toBeGreaterThan(0);
    expect(count('newreno', 'partial_ack')).toBe(2);
    expect(count('newreno', 'timeout')).toBe(0);
    expect(count('sack', 'retransmit')).toBe(2);
    expect(count('sack', 'timeout')).toBe(0);
    expect(count('tahoe', 'recovery_enter')).toBe(0);
  });

  it('the scenario files of the lessons exist on disk', () => {
    for (const l of LESSONS) expect(existsSync(join(ROOT, findPreset(l.preset)!.path))).toBe(true);
  });
});
