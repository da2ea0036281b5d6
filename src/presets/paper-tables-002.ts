/**
 * Paper 002's own numbers: Table 1 (point to point, random errors) and the UDP numbers of its text, as printed, with the presets
 * and summary.csv metrics they correspond to (paper-tables.ts compares them).
 */
import type { MetricRef, PaperTable } from './paper-table-types';

export const PAPER_002_TABLES: readonly PaperTable[] = [
  {
    id: '002-1',
    paper: '002',
    title: 'Table 1',
    caption: 'Comparison of Reno, SACK and Westwood in point to point scenario',
    units: 'per row: Mbps, segments, segments, count, count',
    source: 'table',
    rowHeader: ['Error Rate', 'Measurement parameters'],
    columns: [
      { label: 'Sack', variant: 'sack' },
      { label: 'Reno', variant: 'reno' },
      { label: 'Westwood', variant: 'westwood' },
    ],
    rows: (
      [
        [
          '0.001',
          [
            [2.47, 2.6, 2.61],
            [9, 10, 28],
            [39, 45, 54],
            [24, 26, 34],
            [25, 1, 1],
          ],
        ],
        [
          '0.01',
          [
            [1.71, 2.96, 3.0],
            [5, 5, 28],
            [13, 14, 31],
            [152, 220, 366],
            [128, 22, 7],
          ],
        ],
        [
          '0.1',
          [
            [0.312, 0.79, 1.01],
            [1, 1, 14],
            [4, 4, 12],
            [268, 448, 1271],
            [176, 129, 122],
          ],
        ],
      ] as [string, number[][]][]
    ).flatMap(([rate, blocks]) =>
      (
        [
          ['Average_throughput (Mbps)', { flow: 'tcp', metric: 'throughput_kbps', scale: 0.001 }],
          ['Average_ssthresh', { flow: 'tcp', metric: 'avg_ssthresh' }],
          ['Average_cwnd', { flow: 'tcp', metric: 'avg_cwnd' }],
          ['No of retransmission', { flow: 'tcp', metric: 'retransmissions' }],
          ['No of time out', { flow: 'tcp', metric: 'timeouts' }],
        ] as [string, MetricRef][]
      ).map(([label, metric], i) => ({
        header: [rate, label],
        values: blocks[i],
        presets: [`p002-p2p-e${rate}`],
        metric,
      })),
    ),
    notes:
      'One preset per error rate; each column is the same preset run with that variant. The paper does not say how it averaged ssthresh and cwnd; ours are averages over the samples of the run.',
  },
  {
    id: '002-B3',
    paper: '002',
    title: 'Section B.3 (text)',
    caption: 'Bottleneck link with UDP traffic: TCP throughput read from the plots (Fig. 6 and the text)',
    units: 'TCP throughput, Mbps (approximate, "around")',
    source: 'text',
    rowHeader: ['Error rate'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'Westwood-NR', variant: 'westwoodnr' },
    ],
    rows: [
      { header: ['none'], values: [4.2, 4.5], presets: ['p002-udp'] },
      { header: ['0.1'], values: [0.8, 1.42], presets: ['p002-udp-e0.1'] },
    ],
    metric: { flow: 'tcp', metric: 'throughput_kbps', scale: 0.001 },
    notes:
      'Numbers quoted in the text, not a table. Without errors the text names "TCP Westwood" for the 4.5 Mbps, although the section compares Reno with Westwood-NR.',
  },
];
