/**
 * The preset library: every scenario file of the seed papers and of the
 * lessons, with what the picker needs to group, order and search them.
 *
 * Where the metadata lives: in each file's top-level `ui` object
 * (`{ group, order, preset, paper?, table?, tags }`, carried through the
 * scenario loader unvalidated), written by scripts/gen-presets.ts together
 * with the file. This module only imports the files (statically, so Vite and
 * esbuild bundle them) and reads that object; it adds search words found in
 * the scenario itself (variants, queue types, faults, the paper's number).
 * Pure functions, no React.
 */
import type { Variant } from '../engine/scenario/types';
import { normalizeSearchText } from './search-text';

/** One imported scenario file. */
export interface PresetFile {
  /** path under scenarios/ */
  file: string;
  /** the file's JSON as imported */
  json: unknown;
}

export type PresetKind = 'paper' | 'lesson';

export interface Preset {
  /** stable, URL-safe id (share links): "p000-ee-400", "lesson-one-loss" */
  id: string;
  /** short title for the picker: the scenario's `name` */
  title: string;
  /** picker group: "Paper 000 — TCP vs UDP, dumbbell", …, "Lessons" */
  group: string;
  /** position of the preset inside its group */
  order: number;
  kind: PresetKind;
  /** seed paper "000" … "004", null for lessons */
  paper: string | null;
  /** paper table this preset has rows in (src/presets/paper-tables*.ts), null if none */
  table: string | null;
  /** path of the file in the repository, e.g. "scenarios/paper-000/p000-ee-400.json" */
  path: string;
  /** TCP variants the scenario's flows use */
  variants: Variant[];
  /** search words: the file's `ui.tags` plus what the scenario shows (variants, queues, faults, paper) */
  tags: string[];
  /** the scenario's Markdown description */
  description: string;
  /** the scenario JSON, ready for parseScenario (ui included) */
  scenario: unknown;
}

export interface PresetGroup {
  title: string;
  kind: PresetKind;
  paper: string | null;
  presets: Preset[];
}

// BEGIN GENERATED (scripts/gen-presets.ts)
import p000Ee400 from '../../scenarios/paper-000/p000-ee-400.json';
import p000Ee800 from '../../scenarios/paper-000/p000-ee-800.json';
import p000Ee1200 from '../../scenarios/paper-000/p000-ee-1200.json';
import p000Ee1600 from '../../scenarios/paper-000/p000-ee-1600.json';
import p000Ee1800 from '../../scenarios/paper-000/p000-ee-1800.json';
import p000Ef400 from '../../scenarios/paper-000/p000-ef-400.json';
import p000Ef800 from '../../scenarios/paper-000/p000-ef-800.json';
import p000Ef1200 from '../../scenarios/paper-000/p000-ef-1200.json';
import p000Ef1600 from '../../scenarios/paper-000/p000-ef-1600.json';
import p000Ef1800 from '../../scenarios/paper-000/p000-ef-1800.json';
import p000Ff400 from '../../scenarios/paper-000/p000-ff-400.json';
import p000Ff800 from '../../scenarios/paper-000/p000-ff-800.json';
import p000Ff1200 from '../../scenarios/paper-000/p000-ff-1200.json';
import p000Ff1600 from '../../scenarios/paper-000/p000-ff-1600.json';
import p000Ff1800 from '../../scenarios/paper-000/p000-ff-1800.json';
import p000Fe400 from '../../scenarios/paper-000/p000-fe-400.json';
import p000Fe800 from '../../scenarios/paper-000/p000-fe-800.json';
import p000Fe1200 from '../../scenarios/paper-000/p000-fe-1200.json';
import p000Fe1600 from '../../scenarios/paper-000/p000-fe-1600.json';
import p000Fe1800 from '../../scenarios/paper-000/p000-fe-1800.json';
import p001Exp1Cbr1 from '../../scenarios/paper-001/p001-exp1-cbr1.json';
import p001Exp1Cbr2 from '../../scenarios/paper-001/p001-exp1-cbr2.json';
import p001Exp1Cbr3 from '../../scenarios/paper-001/p001-exp1-cbr3.json';
import p001Exp1Cbr4 from '../../scenarios/paper-001/p001-exp1-cbr4.json';
import p001Exp1Cbr5 from '../../scenarios/paper-001/p001-exp1-cbr5.json';
import p001Exp1Cbr6 from '../../scenarios/paper-001/p001-exp1-cbr6.json';
import p001Exp1Cbr7 from '../../scenarios/paper-001/p001-exp1-cbr7.json';
import p001Exp1Cbr8 from '../../scenarios/paper-001/p001-exp1-cbr8.json';
import p001Exp1Cbr9 from '../../scenarios/paper-001/p001-exp1-cbr9.json';
import p001Exp1Cbr10 from '../../scenarios/paper-001/p001-exp1-cbr10.json';
import p001Exp2RenoReno from '../../scenarios/paper-001/p001-exp2-reno-reno.json';
import p001Exp2NewrenoReno from '../../scenarios/paper-001/p001-exp2-newreno-reno.json';
import p001Exp2VegasVegas from '../../scenarios/paper-001/p001-exp2-vegas-vegas.json';
import p001Exp2NewrenoVegas from '../../scenarios/paper-001/p001-exp2-newreno-vegas.json';
import p001Exp3RenoDroptail from '../../scenarios/paper-001/p001-exp3-reno-droptail.json';
import p001Exp3RenoRed from '../../scenarios/paper-001/p001-exp3-reno-red.json';
import p001Exp3SackDroptail from '../../scenarios/paper-001/p001-exp3-sack-droptail.json';
import p001Exp3SackRed from '../../scenarios/paper-001/p001-exp3-sack-red.json';
import p002P2pE0001 from '../../scenarios/paper-002/p002-p2p-e0.001.json';
import p002P2pE001 from '../../scenarios/paper-002/p002-p2p-e0.01.json';
import p002P2pE01 from '../../scenarios/paper-002/p002-p2p-e0.1.json';
import p002Congested from '../../scenarios/paper-002/p002-congested.json';
import p002CongestedE01 from '../../scenarios/paper-002/p002-congested-e0.1.json';
import p002Udp from '../../scenarios/paper-002/p002-udp.json';
import p002UdpE01 from '../../scenarios/paper-002/p002-udp-e0.1.json';
import p003Topo1 from '../../scenarios/paper-003/p003-topo1.json';
import p003Topo2TahoeVegas from '../../scenarios/paper-003/p003-topo2-tahoe-vegas.json';
import p003Topo2NewrenoReno from '../../scenarios/paper-003/p003-topo2-newreno-reno.json';
import p003Topo2VegasReno from '../../scenarios/paper-003/p003-topo2-vegas-reno.json';
import p003Topo2TahoeSack from '../../scenarios/paper-003/p003-topo2-tahoe-sack.json';
import p003Topo2VegasNewreno from '../../scenarios/paper-003/p003-topo2-vegas-newreno.json';
import p003Topo2SackNewreno from '../../scenarios/paper-003/p003-topo2-sack-newreno.json';
import p003Topo2VegasSack from '../../scenarios/paper-003/p003-topo2-vegas-sack.json';
import p003Topo2SackReno from '../../scenarios/paper-003/p003-topo2-sack-reno.json';
import p003Topo2TahoeNewreno from '../../scenarios/paper-003/p003-topo2-tahoe-newreno.json';
import p003Topo2TahoeReno from '../../scenarios/paper-003/p003-topo2-tahoe-reno.json';
import p003Topo3Droptail1ms from '../../scenarios/paper-003/p003-topo3-droptail-1ms.json';
import p003Topo3Droptail30ms from '../../scenarios/paper-003/p003-topo3-droptail-30ms.json';
import p003Topo3Red1ms from '../../scenarios/paper-003/p003-topo3-red-1ms.json';
import p003Topo3Red30ms from '../../scenarios/paper-003/p003-topo3-red-30ms.json';
import p004LossNone from '../../scenarios/paper-004/p004-loss-none.json';
import p004Loss1 from '../../scenarios/paper-004/p004-loss-1.json';
import p004Loss2 from '../../scenarios/paper-004/p004-loss-2.json';
import p004Loss5 from '../../scenarios/paper-004/p004-loss-5.json';
import p004LossAll from '../../scenarios/paper-004/p004-loss-all.json';
import p004Outage005 from '../../scenarios/paper-004/p004-outage-0.05.json';
import p004Outage01 from '../../scenarios/paper-004/p004-outage-0.1.json';
import p004Outage02 from '../../scenarios/paper-004/p004-outage-0.2.json';
import p004Outage10 from '../../scenarios/paper-004/p004-outage-10.json';
import p004Congested from '../../scenarios/paper-004/p004-congested.json';
import p004Light from '../../scenarios/paper-004/p004-light.json';
import lessonOneLoss from '../../scenarios/lessons/lesson-one-loss.json';
import lessonMultiLoss from '../../scenarios/lessons/lesson-multi-loss.json';
import lessonSlowStart from '../../scenarios/lessons/lesson-slow-start.json';
import lessonOutageBackoff from '../../scenarios/lessons/lesson-outage-backoff.json';
import lessonVegasQueue from '../../scenarios/lessons/lesson-vegas-queue.json';
import lessonWestwoodLoss from '../../scenarios/lessons/lesson-westwood-loss.json';
import lessonRedDroptail from '../../scenarios/lessons/lesson-red-droptail.json';
import lessonFairness from '../../scenarios/lessons/lesson-fairness.json';
import lessonBufferbloat from '../../scenarios/lessons/lesson-bufferbloat.json';
import lessonEcn from '../../scenarios/lessons/lesson-ecn.json';
import lessonCommute from '../../scenarios/lessons/lesson-commute.json';
import lessonBbrAlone from '../../scenarios/lessons/lesson-bbr-alone.json';
import lessonBbrShare from '../../scenarios/lessons/lesson-bbr-share.json';

/** Every preset file, in picker order (generated by scripts/gen-presets.ts). */
export const PRESET_FILES: readonly PresetFile[] = [
  { file: 'paper-000/p000-ee-400.json', json: p000Ee400 },
  { file: 'paper-000/p000-ee-800.json', json: p000Ee800 },
  { file: 'paper-000/p000-ee-1200.json', json: p000Ee1200 },
  { file: 'paper-000/p000-ee-1600.json', json: p000Ee1600 },
  { file: 'paper-000/p000-ee-1800.json', json: p000Ee1800 },
  { file: 'paper-000/p000-ef-400.json', json: p000Ef400 },
  { file: 'paper-000/p000-ef-800.json', json: p000Ef800 },
  { file: 'paper-000/p000-ef-1200.json', json: p000Ef1200 },
  { file: 'paper-000/p000-ef-1600.json', json: p000Ef1600 },
  { file: 'paper-000/p000-ef-1800.json', json: p000Ef1800 },
  { file: 'paper-000/p000-ff-400.json', json: p000Ff400 },
  { file: 'paper-000/p000-ff-800.json', json: p000Ff800 },
  { file: 'paper-000/p000-ff-1200.json', json: p000Ff1200 },
  { file: 'paper-000/p000-ff-1600.json', json: p000Ff1600 },
  { file: 'paper-000/p000-ff-1800.json', json: p000Ff1800 },
  { file: 'paper-000/p000-fe-400.json', json: p000Fe400 },
  { file: 'paper-000/p000-fe-800.json', json: p000Fe800 },
  { file: 'paper-000/p000-fe-1200.json', json: p000Fe1200 },
  { file: 'paper-000/p000-fe-1600.json', json: p000Fe1600 },
  { file: 'paper-000/p000-fe-1800.json', json: p000Fe1800 },
  { file: 'paper-001/p001-exp1-cbr1.json', json: p001Exp1Cbr1 },
  { file: 'paper-001/p001-exp1-cbr2.json', json: p001Exp1Cbr2 },
  { file: 'paper-001/p001-exp1-cbr3.json', json: p001Exp1Cbr3 },
  { file: 'paper-001/p001-exp1-cbr4.json', json: p001Exp1Cbr4 },
  { file: 'paper-001/p001-exp1-cbr5.json', json: p001Exp1Cbr5 },
  { file: 'paper-001/p001-exp1-cbr6.json', json: p001Exp1Cbr6 },
  { file: 'paper-001/p001-exp1-cbr7.json', json: p001Exp1Cbr7 },
  { file: 'paper-001/p001-exp1-cbr8.json', json: p001Exp1Cbr8 },
  { file: 'paper-001/p001-exp1-cbr9.json', json: p001Exp1Cbr9 },
  { file: 'paper-001/p001-exp1-cbr10.json', json: p001Exp1Cbr10 },
  { file: 'paper-001/p001-exp2-reno-reno.json', json: p001Exp2RenoReno },
  { file: 'paper-001/p001-exp2-newreno-reno.json', json: p001Exp2NewrenoReno },
  { file: 'paper-001/p001-exp2-vegas-vegas.json', json: p001Exp2VegasVegas },
  { file: 'paper-001/p001-exp2-newreno-vegas.json', json: p001Exp2NewrenoVegas },
  { file: 'paper-001/p001-exp3-reno-droptail.json', json: p001Exp3RenoDroptail },
  { file: 'paper-001/p001-exp3-reno-red.json', json: p001Exp3RenoRed },
  { file: 'paper-001/p001-exp3-sack-droptail.json', json: p001Exp3SackDroptail },
  { file: 'paper-001/p001-exp3-sack-red.json', json: p001Exp3SackRed },
  { file: 'paper-002/p002-p2p-e0.001.json', json: p002P2pE0001 },
  { file: 'paper-002/p002-p2p-e0.01.json', json: p002P2pE001 },
  { file: 'paper-002/p002-p2p-e0.1.json', json: p002P2pE01 },
  { file: 'paper-002/p002-congested.json', json: p002Congested },
  { file: 'paper-002/p002-congested-e0.1.json', json: p002CongestedE01 },
  { file: 'paper-002/p002-udp.json', json: p002Udp },
  { file: 'paper-002/p002-udp-e0.1.json', json: p002UdpE01 },
  { file: 'paper-003/p003-topo1.json', json: p003Topo1 },
  { file: 'paper-003/p003-topo2-tahoe-vegas.json', json: p003Topo2TahoeVegas },
  { file: 'paper-003/p003-topo2-newreno-reno.json', json: p003Topo2NewrenoReno },
  { file: 'paper-003/p003-topo2-vegas-reno.json', json: p003Topo2VegasReno },
  { file: 'paper-003/p003-topo2-tahoe-sack.json', json: p003Topo2TahoeSack },
  { file: 'paper-003/p003-topo2-vegas-newreno.json', json: p003Topo2VegasNewreno },
  { file: 'paper-003/p003-topo2-sack-newreno.json', json: p003Topo2SackNewreno },
  { file: 'paper-003/p003-topo2-vegas-sack.json', json: p003Topo2VegasSack },
  { file: 'paper-003/p003-topo2-sack-reno.json', json: p003Topo2SackReno },
  { file: 'paper-003/p003-topo2-tahoe-newreno.json', json: p003Topo2TahoeNewreno },
  { file: 'paper-003/p003-topo2-tahoe-reno.json', json: p003Topo2TahoeReno },
  { file: 'paper-003/p003-topo3-droptail-1ms.json', json: p003Topo3Droptail1ms },
  { file: 'paper-003/p003-topo3-droptail-30ms.json', json: p003Topo3Droptail30ms },
  { file: 'paper-003/p003-topo3-red-1ms.json', json: p003Topo3Red1ms },
  { file: 'paper-003/p003-topo3-red-30ms.json', json: p003Topo3Red30ms },
  { file: 'paper-004/p004-loss-none.json', json: p004LossNone },
  { file: 'paper-004/p004-loss-1.json', json: p004Loss1 },
  { file: 'paper-004/p004-loss-2.json', json: p004Loss2 },
  { file: 'paper-004/p004-loss-5.json', json: p004Loss5 },
  { file: 'paper-004/p004-loss-all.json', json: p004LossAll },
  { file: 'paper-004/p004-outage-0.05.json', json: p004Outage005 },
  { file: 'paper-004/p004-outage-0.1.json', json: p004Outage01 },
  { file: 'paper-004/p004-outage-0.2.json', json: p004Outage02 },
  { file: 'paper-004/p004-outage-10.json', json: p004Outage10 },
  { file: 'paper-004/p004-congested.json', json: p004Congested },
  { file: 'paper-004/p004-light.json', json: p004Light },
  { file: 'lessons/lesson-one-loss.json', json: lessonOneLoss },
  { file: 'lessons/lesson-multi-loss.json', json: lessonMultiLoss },
  { file: 'lessons/lesson-slow-start.json', json: lessonSlowStart },
  { file: 'lessons/lesson-outage-backoff.json', json: lessonOutageBackoff },
  { file: 'lessons/lesson-vegas-queue.json', json: lessonVegasQueue },
  { file: 'lessons/lesson-westwood-loss.json', json: lessonWestwoodLoss },
  { file: 'lessons/lesson-red-droptail.json', json: lessonRedDroptail },
  { file: 'lessons/lesson-fairness.json', json: lessonFairness },
  { file: 'lessons/lesson-bufferbloat.json', json: lessonBufferbloat },
  { file: 'lessons/lesson-ecn.json', json: lessonEcn },
  { file: 'lessons/lesson-commute.json', json: lessonCommute },
  { file: 'lessons/lesson-bbr-alone.json', json: lessonBbrAlone },
  { file: 'lessons/lesson-bbr-share.json', json: lessonBbrShare },
];
// END GENERATED

/** URL-safe ids: lower-case letters, digits, dots and dashes, starting with a letter or digit. */
export const PRESET_ID_PATTERN = /^[a-z0-9][a-z0-9.-]*$/;

const VARIANT_WORDS: Record<string, string[]> = {
  tahoe: ['tahoe'],
  reno: ['reno'],
  newreno: ['newreno', 'new reno'],
  sack: ['sack', 'selective acknowledgment'],
  vegas: ['vegas'],
  westwood: ['westwood'],
  westwoodnr: ['westwoodnr', 'westwood-nr', 'westwood nr'],
  cubic: ['cubic'],
};

const FAULT_WORDS: Record<string, string[]> = {
  dropSegments: ['dropsegments', 'lost segments', 'drop'],
  dropBurst: ['dropburst', 'burst loss'],
  linkDown: ['linkdown', 'outage', 'link down'],
  randomLoss: ['randomloss', 'random loss'],
};

type Obj = Record<string, unknown>;

function isObj(v: unknown): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function list(v: unknown): Obj[] {
  return Array.isArray(v) ? v.filter(isObj) : [];
}

function str(v: unknown): string | null {
  return typeof v === 'string' ? v : null;
}

/** Build a catalog entry from a file; throws if its `ui` metadata is missing (a build-time mistake). */
export function presetFromFile(f: PresetFile): Preset {
  const json = f.json;
  if (!isObj(json) || !isObj(json.ui)) throw new Error(`scenarios/${f.file}: no "ui" object`);
  const ui = json.ui;
  const id = str(ui.preset);
  const group = str(ui.group);
  if (!id || !group) throw new Error(`scenarios/${f.file}: ui.preset and ui.group are required`);
  const paper = str(ui.paper);
  const flows = list(json.flows);
  const variants: Variant[] = [];
  for (const fl of flows) {
    const v = str(fl.variant) as Variant | null;
    if (v && (fl.kind === undefined || fl.kind === 'tcp') && !variants.includes(v)) variants.push(v);
  }
  const tags = new Set<string>();
  for (const t of Array.isArray(ui.tags) ? ui.tags : []) if (typeof t === 'string') tags.add(t.toLowerCase());
  for (const v of variants) for (const w of VARIANT_WORDS[v] ?? [v]) tags.add(w);
  if (flows.some((fl) => fl.kind === 'cbr')) {
    tags.add('udp');
    tags.add('cbr');
  }
  for (const l of list(json.links)) {
    const q = isObj(l.queue) ? str(l.queue.type) : null;
    tags.add(q === 'red' ? 'red' : 'droptail');
  }
  for (const fault of list(json.faults)) for (const w of FAULT_WORDS[str(fault.kind) ?? ''] ?? []) tags.add(w);
  if (paper) {
    tags.add(paper);
    tags.add(`paper ${paper}`);
    tags.add(`p${paper}`);
  } else tags.add('lesson');
  return {
    id,
    title: str(json.name) ?? id,
    group,
    order: typeof ui.order === 'number' ? ui.order : 0,
    kind: paper ? 'paper' : 'lesson',
    paper,
    table: str(ui.table),
    path: `scenarios/${f.file}`,
    variants,
    tags: [...tags],
    description: str(json.description) ?? '',
    scenario: json,
  };
}

/** Every preset and lesson scenario, in picker order: by group (papers 000 … 004, then lessons), then `order`. */
export const PRESETS: readonly Preset[] = sortPresets(PRESET_FILES.map(presetFromFile));

function groupRank(p: Preset): number {
  return p.paper ? Number(p.paper) : 1000;
}

function sortPresets(ps: Preset[]): Preset[] {
  return ps
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        groupRank(a.p) - groupRank(b.p) || a.p.group.localeCompare(b.p.group) || a.p.order - b.p.order || a.i - b.i,
    )
    .map((x) => x.p);
}

const BY_ID = new Map(PRESETS.map((p) => [p.id, p]));

/** The preset with this id, or undefined. */
export function findPreset(id: string): Preset | undefined {
  return BY_ID.get(id);
}

/** The presets grouped for the picker, groups and presets in picker order. */
export function presetGroups(presets: readonly Preset[] = PRESETS): PresetGroup[] {
  const groups: PresetGroup[] = [];
  for (const p of presets) {
    let g = groups.find((x) => x.title === p.group);
    if (!g) {
      g = { title: p.group, kind: p.kind, paper: p.paper, presets: [] };
      groups.push(g);
    }
    g.presets.push(p);
  }
  return groups;
}

interface Haystack {
  strong: string;
  weak: string;
}

const HAYSTACKS = new Map<string, Haystack>(PRESETS.map((p) => [p.id, haystackOf(p)]));

function haystackOf(p: Preset): Haystack {
  return {
    strong: normalizeSearchText([p.id, p.title, p.group, ...p.tags].join(' \u0000 ')),
    weak: normalizeSearchText(p.description),
  };
}

/**
 * Presets matching a free-text query, best first. Case-insensitive; every
 * word of the query must occur in the preset's id, title, group, tags or
 * description ("000", "paper 004", "vegas", "outage", "jain"). Words found in
 * the id, title, group or tags rank above words found only in the
 * description; ties keep picker order. An empty query gives every preset.
 */
export function searchPresets(query: string, presets: readonly Preset[] = PRESETS): Preset[] {
  const words = normalizeSearchText(query)
    .split(/[\s,;]+/)
    .map((w) => w.replace(/^["'(]+|["')?!.:]+$/g, ''))
    .filter((w) => w.length > 0);
  if (words.length === 0) return [...presets];
  const scored: { p: Preset; score: number; i: number }[] = [];
  presets.forEach((p, i) => {
    const h = HAYSTACKS.get(p.id) ?? haystackOf(p);
    let score = 0;
    for (const w of words) {
      if (h.strong.includes(w)) score += 2;
      else if (h.weak.includes(w)) score += 1;
      else return;
    }
    scored.push({ p, score, i });
  });
  return scored.sort((a, b) => b.score - a.score || a.i - b.i).map((x) => x.p);
}
