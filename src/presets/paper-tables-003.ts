/**
 * Paper 003's own numbers: Table 2 (topology 1) and Table 4 (topology 2, drops per flow), as printed, with the presets
 * and summary.csv metrics they correspond to (paper-tables.ts compares them).
 */
import type { Variant } from '../engine/scenario/types';
import type { PaperTable } from './paper-table-types';

export const PAPER_003_TABLES: readonly PaperTable[] = [
  {
    id: '003-2',
    paper: '003',
    title: 'Table 2',
    caption: 'Throughput rate',
    units: 'packets (counts) and drop percentage (%)',
    source: 'table',
    rowHeader: ['Measure'],
    columns: [
      { label: 'Taho', variant: 'tahoe' },
      { label: 'Newreno', variant: 'newreno' },
      { label: 'Sack', variant: 'sack' },
      { label: 'Reno', variant: 'reno' },
      { label: 'Vegas', variant: 'vegas' },
    ],
    rows: [
      {
        header: ['Packet Sent'],
        values: [3257, 4309, 4422, 3357, 5855],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'packets_sent' },
      },
      {
        header: ['Packet Received'],
        values: [3160, 4202, 4313, 3270, 5722],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'packets_delivered' },
      },
      {
        header: ['Packet dropped'],
        values: [97, 111, 113, 90, 133],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'drops' },
      },
      {
        header: ['Drop percentage'],
        values: [2.97, 2.57, 2.55, 2.68, 2.27],
        presets: ['p003-topo1'],
        metric: { flow: 'tcp', metric: 'drop_rate', scale: 100 },
      },
    ],
    notes:
      'The paper prints each measure as a heading over a row of five numbers; here each measure is a row. Its counts exceed what a 1.5 Mbps link carries in 5 s (about 1,740 packets of 540 bytes), so they were probably counted over every hop of the trace: compare ratios and drop percentages rather than counts.',
  },
  {
    id: '003-4',
    paper: '003',
    title: 'Table 4',
    caption: 'Packet dropping probability',
    units: 'dropped packets per flow (first-named flow / second-named flow)',
    source: 'table',
    rowHeader: ['Pair'],
    columns: [
      { label: 'first flow', metric: { flow: 'tcp1', metric: 'drops' } },
      { label: 'second flow', metric: { flow: 'tcp2', metric: 'drops' } },
    ],
    rows: (
      [
        ['Taho/Vegas', 'tahoe', 'vegas', 28, 6],
        ['Newreno /Reno', 'newreno', 'reno', 29, 29],
        ['Vegas/Reno', 'vegas', 'reno', 3, 26],
        ['Taho/Sack', 'tahoe', 'sack', 30, 28],
        ['Vegas/Newreno', 'vegas', 'newreno', 3, 27],
        ['Sack/Newreno', 'sack', 'newreno', 29, 29],
        ['Vegas/Sack', 'vegas', 'sack', 3, 27],
        ['Sack/Reno', 'sack', 'reno', 29, 29],
        ['Taho/Newreno', 'tahoe', 'newreno', 29, 29],
        ['Taho/Reno', 'tahoe', 'reno', 28, 26],
      ] as [string, Variant, Variant, number, number][]
    ).map(([label, a, b, x, y]) => ({
      header: [label],
      values: [x, y],
      presets: [`p003-topo2-${a}-${b}`],
      variants: { tcp1: a, tcp2: b },
    })),
    notes:
      'Printed as two side-by-side columns of pairs ("Taho/Vegas 28/6 | Newreno /Reno 29/29", …); rows here are in reading order, left then right, line by line. In each cell the first number belongs to the first-named variant (our flow tcp1, S1 → S3), the second to the second-named (tcp2, S2 → S4).',
  },
];
