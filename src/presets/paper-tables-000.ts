/**
 * Paper 000's own numbers: Tables IV–VII, TCP throughput (kbps) against UDP, as printed, with the presets
 * and summary.csv metrics they correspond to (paper-tables.ts compares them).
 */
import type { PaperColumn, PaperTable } from './paper-table-types';

const COLUMNS_000: PaperColumn[] = [
  { label: 'Tahoe (Kbps)', variant: 'tahoe' },
  { label: 'Reno (Kbps)', variant: 'reno' },
  { label: 'New Reno (Kbps)', variant: 'newreno' },
  { label: 'Vegas (Kbps)', variant: 'vegas' },
  { label: 'Sack (Kbps)', variant: 'sack' },
];

function table000(roman: string, env: string, caption: string, values: Record<number, number[]>): PaperTable {
  return {
    id: `000-${roman}`,
    paper: '000',
    title: `Table ${roman}`,
    caption,
    units: 'TCP throughput, kbps',
    source: 'table',
    rowHeader: ['UDP rate (Kb)'],
    columns: COLUMNS_000,
    rows: [400, 800, 1200, 1600, 1800].map((rate) => ({
      header: [String(rate)],
      values: values[rate],
      presets: [`p000-${env}-${rate}`],
    })),
    metric: { flow: 'tcp', metric: 'throughput_kbps' },
    notes:
      'One preset per row (its UDP rate); each column is the same preset run with that TCP variant. The paper does not say over which interval it measured; our presets measure from 10 s to 60 s.',
  };
}

// ---------------------------------------------------------------------------

export const PAPER_000_TABLES: readonly PaperTable[] = [
  table000('IV', 'ee', 'Throughput Results For Ethernet To Ethernet Simulation Environment', {
    400: [1096.0, 1096.0, 1096.0, 1027.2, 1096.0],
    800: [1093.3, 1093.3, 1093.3, 1025.8, 1093.3],
    1200: [783.4, 797.8, 794.1, 796.2, 754.7],
    1600: [556.67, 592.7, 594.2, 499.1, 607.6],
    1800: [551.9, 405.5, 443.5, 386.1, 499.4],
  }),
  table000('V', 'ef', 'Throughput Results For Ethernet To Fast Ethernet Simulation Environment', {
    400: [1263.4, 1263.5, 1263.5, 1189.0, 1263.5],
    800: [1206.1, 1206.1, 1206.1, 1156.5, 1206.1],
    1200: [909.9, 830.3, 869.5, 863.4, 862.3],
    1600: [692.0, 592.0, 687.01, 340.9, 636.2],
    1800: [539.6, 541.5, 522.28, 243.7, 537.1],
  }),
  table000('VI', 'fe', 'Throughput Results For Fast Ethernet To Ethernet Simulation Environment', {
    400: [1263.6, 1263.6, 1263.6, 1189.1, 1263.6],
    800: [1206.0, 1206.0, 1206.0, 1156.5, 1206.0],
    1200: [901.6, 803.9, 901.6, 857.0, 848.9],
    1600: [693.4, 677.8, 681.9, 310.0, 665.1],
    1800: [575.5, 584.0, 501.0, 245.1, 549.4],
  }),
  table000('VII', 'ff', 'Throughput Results For Fast Ethernet To Fast Ethernet Simulation Environment', {
    400: [1484.9, 1486.8, 1486.8, 1404.2, 1484.9],
    800: [1311.7, 1391.5, 1391.5, 1254.8, 1311.7],
    1200: [999.6, 1138.3, 1085.0, 954.3, 950.2],
    1600: [758.4, 872.2, 975.5, 702.5, 737.9],
    1800: [653.0, 791.1, 868.2, 273.9, 675.6],
  }),
];
