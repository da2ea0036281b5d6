/**
 * The figures of docs/validation.md, drawn from the reference data and fresh
 * engine runs as plain SVG (`npx tsx validation/plot.ts`; `npm run
 * validate:ns2` calls it after regenerating the references):
 *  - cwnd and ssthresh over time, ns-2 against the engine, for the drop
 *    scenarios (one figure per variant, a panel per number of drops), the
 *    outage and Vegas against UDP;
 *  - TCP goodput against the UDP rate, per variant;
 *  - Reno's goodput against the loss rate with the Mathis et al. curve.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CASES, caseById, LOSS_RATES, UDP_RATES } from './cases';
import { mathisKbps, mean, pathRtt } from './compare';
import type { EventRow, SeriesRow } from './ns2/extract';
import { readScenario, runOurs } from './ours';
import { refEvents, refFlow, refSeries } from './reference';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'plots');

const NS2 = '#1f5fbf';
/** ns-2's cwnd is drawn wide and light, ours thin and dashed on top: where they agree both show. */
const NS2_WIDE = '#8fb3ea';
const OURS = '#e8731a';
const FONT = 'font-family="Helvetica, Arial, sans-serif"';

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** "Nice" tick values covering [lo, hi]. */
function ticks(lo: number, hi: number, n = 6): number[] {
  const span = hi - lo || 1;
  const raw = span / n;
  const mag = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * mag).find((s) => s >= raw) ?? 10 * mag;
  const out: number[] = [];
  for (let v = Math.ceil(lo / step) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toPrecision(10)));
  return out;
}

interface Line {
  points: [number, number][];
  color: string;
  dash?: string;
  width?: number;
  step?: boolean;
}

interface Marker {
  x: number;
  y: number;
  color: string;
  shape: 'triangle' | 'cross' | 'circle' | 'square';
  filled: boolean;
}

interface Panel {
  /** pixels (default 230) */
  height?: number;
  title: string;
  xLabel: string;
  yLabel: string;
  x: [number, number];
  y: [number, number];
  lines: Line[];
  markers?: Marker[];
  logX?: boolean;
  logY?: boolean;
  xTicks?: number[];
  yTicks?: number[];
}

interface LegendItem {
  label: string;
  color: string;
  dash?: string;
  shape?: Marker['shape'];
  filled?: boolean;
}

const W = 760;
const PANEL_H = 230;
const M = { left: 64, right: 20, top: 34, bottom: 46 };

function panelSvg(p: Panel, top: number): string {
  const H = p.height ?? PANEL_H;
  const pw = W - M.left - M.right;
  const ph = H - M.top - M.bottom;
  const tx = (v: number) => {
    const [a, b] = p.logX ? [Math.log10(p.x[0]), Math.log10(p.x[1])] : p.x;
    const u = p.logX ? Math.log10(v) : v;
    return M.left + ((u - a) / (b - a)) * pw;
  };
  const ty = (v: number) => {
    const [a, b] = p.logY ? [Math.log10(p.y[0]), Math.log10(p.y[1])] : p.y;
    const u = p.logY ? Math.log10(v) : v;
    return top + M.top + ph - ((u - a) / (b - a)) * ph;
  };
  const s: string[] = [];
  s.push(`<text x="${M.left}" y="${top + 20}" ${FONT} font-size="14" font-weight="bold">${esc(p.title)}</text>`);
  s.push(`<rect x="${M.left}" y="${top + M.top}" width="${pw}" height="${ph}" fill="#fff" stroke="#888"/>`);
  const xt = p.xTicks ?? ticks(p.x[0], p.x[1], 8);
  const yt = p.yTicks ?? ticks(p.y[0], p.y[1], 5);
  for (const v of xt) {
    const x = tx(v).toFixed(1);
    s.push(`<line x1="${x}" y1="${top + M.top}" x2="${x}" y2="${top + M.top + ph}" stroke="#eee"/>`);
    s.push(`<text x="${x}" y="${top + M.top + ph + 16}" ${FONT} font-size="11" text-anchor="middle">${v}</text>`);
  }
  for (const v of yt) {
    const y = ty(v).toFixed(1);
    s.push(`<line x1="${M.left}" y1="${y}" x2="${M.left + pw}" y2="${y}" stroke="#eee"/>`);
    s.push(
      `<text x="${M.left - 6}" y="${(Number(y) + 4).toFixed(1)}" ${FONT} font-size="11" text-anchor="end">${v}</text>`,
    );
  }
  s.push(
    `<text x="${M.left + pw / 2}" y="${top + H - 8}" ${FONT} font-size="12" text-anchor="middle">${esc(p.xLabel)}</text>`,
  );
  const yc = top + M.top + ph / 2;
  s.push(
    `<text x="16" y="${yc}" ${FONT} font-size="12" text-anchor="middle" transform="rotate(-90 16 ${yc})">${esc(p.yLabel)}</text>`,
  );
  s.push(`<clipPath id="c${top}"><rect x="${M.left}" y="${top + M.top}" width="${pw}" height="${ph}"/></clipPath>`);
  s.push(`<g clip-path="url(#c${top})">`);
  for (const l of p.lines) {
    const pts: string[] = [];
    let prev: [number, number] | null = null;
    // Keep only the ends of each flat run: the figure is the same, the file smaller.
    const kept = l.points.filter(
      (pt, i, a) => i === 0 || i === a.length - 1 || pt[1] !== a[i - 1][1] || pt[1] !== a[i + 1][1],
    );
    for (const pt of kept) {
      if (l.step && prev) pts.push(`${tx(pt[0]).toFixed(1)},${ty(prev[1]).toFixed(1)}`);
      pts.push(`${tx(pt[0]).toFixed(1)},${ty(pt[1]).toFixed(1)}`);
      prev = pt;
    }
    s.push(
      `<polyline fill="none" stroke="${l.color}" stroke-width="${l.width ?? 1.5}"${l.dash ? ` stroke-dasharray="${l.dash}"` : ''} points="${pts.join(' ')}"/>`,
    );
  }
  for (const m of p.markers ?? []) s.push(marker(tx(m.x), ty(m.y), m));
  s.push('</g>');
  return s.join('\n');
}

function marker(x: number, y: number, m: Pick<Marker, 'color' | 'shape' | 'filled'>): string {
  const fill = m.filled ? m.color : 'none';
  // Filled (ns-2) markers are drawn larger, so that a hollow one on top stays visible.
  const r = m.filled ? 7 : 4.5;
  switch (m.shape) {
    case 'triangle':
      return `<path d="M${x.toFixed(1)},${(y - r).toFixed(1)} l${r},${(1.6 * r).toFixed(1)} h${-2 * r} z" fill="${fill}" fill-opacity="0.55" stroke="${m.color}" stroke-width="1.5"/>`;
    case 'cross':
      return `<path d="M${(x - r).toFixed(1)},${(y - r).toFixed(1)} l${2 * r},${2 * r} M${(x - r).toFixed(1)},${(y + r).toFixed(1)} l${2 * r},${-2 * r}" stroke="${m.color}" stroke-width="${m.filled ? 3.5 : 1.8}" stroke-opacity="${m.filled ? 0.55 : 1}"/>`;
    case 'square':
      return `<rect x="${(x - 4).toFixed(1)}" y="${(y - 4).toFixed(1)}" width="8" height="8" fill="${fill}" stroke="${m.color}" stroke-width="1.5"/>`;
    default:
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="4" fill="${fill}" stroke="${m.color}" stroke-width="1.5"/>`;
  }
}

function figure(title: string, subtitle: string, panels: Panel[], legend: LegendItem[]): string {
  const head = 70;
  const h = head + panels.reduce((a, p) => a + (p.height ?? PANEL_H), 0) + 10;
  const s: string[] = [];
  s.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${h}" viewBox="0 0 ${W} ${h}">`);
  s.push(`<rect width="${W}" height="${h}" fill="#fff"/>`);
  s.push(`<text x="${M.left}" y="22" ${FONT} font-size="16" font-weight="bold">${esc(title)}</text>`);
  s.push(`<text x="${M.left}" y="40" ${FONT} font-size="11" fill="#555">${esc(subtitle)}</text>`);
  // legend, under the subtitle
  let lx = M.left;
  for (const it of legend) {
    const w = 34 + it.label.length * 6.2;
    const y = 60;
    if (it.shape) s.push(marker(lx + 10, y - 4, { color: it.color, shape: it.shape, filled: it.filled ?? true }));
    else
      s.push(
        `<line x1="${lx}" y1="${y - 4}" x2="${lx + 22}" y2="${y - 4}" stroke="${it.color}" stroke-width="2"${it.dash ? ` stroke-dasharray="${it.dash}"` : ''}/>`,
      );
    s.push(`<text x="${lx + 26}" y="${y}" ${FONT} font-size="11">${esc(it.label)}</text>`);
    lx += w;
  }
  let top = head;
  for (const p of panels) {
    s.push(panelSvg(p, top));
    top += p.height ?? PANEL_H;
  }
  s.push('</svg>');
  return s.join('\n') + '\n';
}

const EVENT_LEGEND: LegendItem[] = [
  { label: 'fast retransmit', color: '#666', shape: 'triangle' },
  { label: 'timeout', color: '#666', shape: 'cross' },
];

const CWND_LEGEND: LegendItem[] = [
  { label: 'cwnd, ns-2.35', color: NS2_WIDE },
  { label: 'cwnd, ours', color: OURS, dash: '6 3' },
  { label: 'ssthresh, ns-2', color: NS2, dash: '1 3' },
  { label: 'ssthresh, ours', color: OURS, dash: '1 5' },
];

function cwndPanel(
  title: string,
  ns: SeriesRow[],
  ours: SeriesRow[],
  until: number,
  events: EventRow[],
  ourEvents: EventRow[],
  withSsthresh = true,
): Panel {
  const within = (r: SeriesRow) => r.time_s <= until + 1e-9;
  const nsR = ns.filter(within);
  const ourR = ours.filter(within);
  const top = Math.max(...nsR.map((r) => Math.min(r.cwnd, 60)), ...ourR.map((r) => Math.min(r.cwnd, 60)), 10);
  const ymax = Math.ceil((top * 1.1) / 5) * 5;
  const clamp = (v: number) => Math.min(v, ymax * 1.05);
  const markers: Marker[] = [];
  for (const [evs, color, filled] of [
    [events, NS2, true],
    [ourEvents, OURS, false],
  ] as const) {
    for (const e of evs) {
      if (e.time_s > until || (e.event !== 'fast_retransmit' && e.event !== 'timeout')) continue;
      markers.push({
        x: e.time_s,
        y: clamp(e.cwnd ?? 1),
        color,
        shape: e.event === 'timeout' ? 'cross' : 'triangle',
        filled,
      });
    }
  }
  return {
    title,
    xLabel: 'time (s)',
    yLabel: 'segments',
    x: [0, until],
    y: [0, ymax],
    lines: [
      ...(withSsthresh
        ? [
            {
              points: nsR.map((r): [number, number] => [r.time_s, clamp(r.ssthresh)]),
              color: NS2,
              dash: '1 3',
              step: true,
            },
            {
              points: ourR.map((r): [number, number] => [r.time_s, clamp(r.ssthresh)]),
              color: OURS,
              dash: '1 5',
              step: true,
            },
          ]
        : []),
      { points: nsR.map((r) => [r.time_s, clamp(r.cwnd)]), color: NS2_WIDE, width: 4.5 },
      { points: ourR.map((r) => [r.time_s, clamp(r.cwnd)]), color: OURS, dash: '5 3', width: 1.6 },
    ],
    markers,
  };
}

const NAMES: Record<string, string> = {
  tahoe: 'Tahoe',
  reno: 'Reno',
  newreno: 'NewReno',
  sack: 'SACK',
  vegas: 'Vegas',
};

export function writePlots(): string[] {
  mkdirSync(OUT, { recursive: true });
  const written: string[] = [];
  const write = (name: string, svg: string) => {
    writeFileSync(join(OUT, name), svg);
    written.push(name);
  };

  for (const v of ['tahoe', 'reno', 'newreno', 'sack']) {
    const panels = ['1', '2', '5'].map((n) => {
      const c = caseById(`drop-${v}-${n}`);
      const o = runOurs(c);
      const drops = (c.params.drops as number[]).join(', ');
      return cwndPanel(
        `${n} dropped (segment${n === '1' ? '' : 's'} ${drops})`,
        refSeries(c.id)!,
        o.series.get('A')!,
        2,
        refEvents(c.id),
        o.events,
      );
    });
    write(
      `drops-${v}.svg`,
      figure(
        `${NAMES[v]}: cwnd with 1, 2 and 5 segments dropped`,
        '1.5 Mb/s, 10 ms bottleneck, window 20; the first 2 s of 5. Markers: large ns-2.35, small ours.',
        panels,
        [...CWND_LEGEND, ...EVENT_LEGEND],
      ),
    );
  }

  const outage = ['tahoe', 'reno', 'newreno', 'sack'].map((v) => {
    const c = caseById(`outage-${v}`);
    const o = runOurs(c);
    return cwndPanel(NAMES[v], refSeries(c.id)!, o.series.get('A')!, 6, refEvents(c.id), o.events);
  });
  write(
    'outage.svg',
    figure(
      'Link outage from 1.0 s to 2.5 s: cwnd',
      `Three backed-off timeouts in both, at the same instants: the engine on ns-2's 10 ms RTT clock (tcpTick).`,
      outage,
      [...CWND_LEGEND, ...EVENT_LEGEND],
    ),
  );

  {
    const c = caseById('udp-vegas-4mbps');
    const o = runOurs(c);
    write(
      'vegas.svg',
      figure(
        'Vegas against 4 Mb/s of UDP: cwnd',
        'The first 4 s of 20: no losses; from 1.4 s on both hold the same window to the end.',
        [cwndPanel('Vegas', refSeries(c.id)!, o.series.get('T')!, 4, [], [], false)],
        CWND_LEGEND.slice(0, 2),
      ),
    );
  }

  {
    const rates = UDP_RATES.map((r) => parseInt(r, 10));
    const panels: Panel[] = ['tahoe', 'reno', 'newreno', 'sack', 'vegas'].map((v) => {
      const ns = rates.map((r) => [r, refFlow(`udp-${v}-${r}mbps`, 'T').goodput_kbps / 1000] as [number, number]);
      const ours = rates.map(
        (r) =>
          [r, runOurs(caseById(`udp-${v}-${r}mbps`), 1, { events: false }).summary[0].goodput_kbps / 1000] as [
            number,
            number,
          ],
      );
      return {
        height: 190,
        title: NAMES[v],
        xLabel: 'UDP rate (Mb/s)',
        yLabel: 'TCP goodput (Mb/s)',
        x: [1.5, 8.5],
        y: [0, 9],
        xTicks: rates,
        yTicks: [0, 2, 4, 6, 8],
        lines: [
          {
            points: [
              [1.5, 8.5],
              [8.5, 1.5],
            ],
            color: '#bbb',
            dash: '2 2',
            width: 1,
          },
          { points: ns, color: NS2_WIDE, width: 4 },
          { points: ours, color: OURS, dash: '5 3', width: 1.5 },
        ],
        markers: [
          ...ns.map(([x, y]): Marker => ({ x, y, color: NS2, shape: 'circle', filled: true })),
          ...ours.map(([x, y]): Marker => ({ x, y, color: OURS, shape: 'square', filled: false })),
        ],
      };
    });
    write(
      'udp.svg',
      figure(
        'TCP goodput against constant-rate UDP',
        '10 Mb/s, 20 ms bottleneck, 50-packet DropTail queue, 20 s; grey: 10 Mb/s minus the UDP rate.',
        panels,
        [
          { label: 'ns-2.35', color: NS2, shape: 'circle' },
          { label: 'ours', color: OURS, shape: 'square', filled: false },
        ],
      ),
    );
  }

  {
    const reno = CASES.filter((c) => c.family === 'loss' && c.params.variant === 'reno');
    const pts = reno.map((c) => {
      const runs = [1, 2].map((seed) => runOurs(c, seed, { events: false }).summary[0]);
      const rtt = pathRtt(readScenario(c.id), 'A');
      return {
        p: Number(c.params.p),
        rtt,
        ours: mean(runs.map((r) => r.goodput_kbps)) / 1000,
        ns2: mean([1, 2].map((s) => refFlow(c.id, 'A', s).goodput_kbps)) / 1000,
      };
    });
    const rtt = mean(pts.map((x) => x.rtt));
    const model: [number, number][] = [];
    for (let e = -3.2; e <= -1.2; e += 0.05) model.push([10 ** e, mathisKbps(1000, rtt, 10 ** e) / 1000]);
    write(
      'mathis.svg',
      figure(
        'Reno under random loss against Mathis et al. (1997)',
        `One flow, path RTT ${(rtt * 1000).toFixed(0)} ms, MSS 1000 B, same losses in both. Line: (MSS/RTT)·√(3/(2p)).`,
        [
          {
            height: 380,
            title: 'goodput against loss rate (log–log)',
            xLabel: 'loss rate p',
            yLabel: 'goodput (Mb/s)',
            x: [0.0007, 0.07],
            y: [0.2, 5],
            logX: true,
            logY: true,
            xTicks: [...LOSS_RATES],
            yTicks: [0.2, 0.5, 1, 2, 5],
            lines: [{ points: model, color: '#444', width: 1.2 }],
            markers: [
              ...pts.map((x): Marker => ({ x: x.p, y: x.ns2, color: NS2, shape: 'circle', filled: true })),
              ...pts.map((x): Marker => ({ x: x.p, y: x.ours, color: OURS, shape: 'square', filled: false })),
            ],
          },
        ],
        [
          { label: 'Mathis et al.', color: '#444' },
          { label: 'ns-2.35 (seeds 1, 2)', color: NS2, shape: 'circle' },
          { label: 'ours (seeds 1, 2)', color: OURS, shape: 'square', filled: false },
        ],
      ),
    );
  }
  return written;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(`wrote ${writePlots().join(', ')} in ${OUT}`);
}
