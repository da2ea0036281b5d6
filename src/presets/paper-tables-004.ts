/**
 * Paper 004's own numbers: Tables 2 and 3, FTP download response time (s), as printed, with the presets
 * and summary.csv metrics they correspond to (paper-tables.ts compares them).
 */
import type { PaperTable } from './paper-table-types';

export const PAPER_004_TABLES: readonly PaperTable[] = [
  {
    id: '004-2',
    paper: '004',
    title: 'Table 2',
    caption: 'FTP download response time for simple client server topology',
    units: 'seconds',
    source: 'table',
    rowHeader: ['Number of packet loss'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'SACK', variant: 'sack' },
      { label: 'NewReno', variant: 'newreno' },
    ],
    rows: [
      { header: ['None'], values: [19.13, 19.13, 19.13], presets: ['p004-loss-none'] },
      { header: ['1'], values: [19.23, 19.23, 19.23], presets: ['p004-loss-1'] },
      { header: ['2'], values: [20.9, 19.25, 19.28], presets: ['p004-loss-2'] },
      { header: ['5'], values: [21.13, 19.26, 19.31], presets: ['p004-loss-5'] },
      { header: ['All'], values: [20.83, 20.83, 20.83], presets: ['p004-loss-all'] },
    ],
    metric: { flow: 'ftp', metric: 'completion_s' },
    notes:
      'OPNET\'s "download response time"; ours is completion_s, from the flow\'s start (including the connection handshake) until the client holds the whole file. "All" is every packet lost for 0.5 s.',
  },
  {
    id: '004-3',
    paper: '004',
    title: 'Table 3',
    caption: 'FTP download response time for client server with disconnected node',
    units: 'seconds',
    source: 'table',
    rowHeader: ['Disconnection interval in seconds'],
    columns: [
      { label: 'Reno', variant: 'reno' },
      { label: 'SACK', variant: 'sack' },
      { label: 'NewReno', variant: 'newreno' },
    ],
    rows: [
      {
        header: ['0.05, 0.1, and 0.2'],
        values: [201.46, 196.5, 197.41],
        presets: ['p004-outage-0.05', 'p004-outage-0.1', 'p004-outage-0.2'],
      },
      { header: ['10'], values: [206.53, 206.53, 206.53], presets: ['p004-outage-10'] },
    ],
    metric: { flow: 'ftp', metric: 'completion_s' },
    notes:
      'The paper prints one row for the three short outages; we have one preset for each, and "ours" for that row is their mean (each is listed separately too).',
  },
];
