import { csvParse, csvParseRows } from 'd3-dsv';
import { describe, expect, it } from 'vitest';
import { eventsCsv, formatNumber, linksCsv, queuesCsv, runDataToCsv, safeText, summaryCsv, timeseriesCsv } from './csv';
import { BASE_SERIES_COLUMNS, type FlowSummaryRow, type RunData } from './rundata';

function summaryRow(over: Partial<FlowSummaryRow> = {}): FlowSummaryRow {
  return {
    flow: 'A',
    kind: 'tcp',
    variant: 'reno',
    from: 'server',
    to: 'client',
    throughput_kbps: 1234.56789,
    packets_sent: 100,
    packets_delivered: 98,
    retransmissions: 2,
    timeouts: 0,
    fast_retransmits: 1,
    drops: 2,
    drop_rate: 0.02,
    avg_latency_ms: 21.0004,
    avg_cwnd: 12.345678,
    avg_ssthresh: 1000,
    completion_s: null,
    ack_drops: 0,
    ...over,
  };
}

function emptyRun(): RunData {
  return {
    times: new Float64Array(0),
    seriesColumns: [...BASE_SERIES_COLUMNS],
    flowSeries: [],
    queueColumns: [],
    queueSeries: [],
    summary: [],
    links: [],
    events: [],
  };
}

/** A run with `flows` flows and `samples` sample times, values varying so nothing is constant. */
function syntheticRun(flows: number, samples: number, dt: number): RunData {
  const times = new Float64Array(samples);
  for (let i = 0; i < samples; i++) times[i] = i * dt;
  const cols = [...BASE_SERIES_COLUMNS];
  const flowSeries = [];
  for (let f = 0; f < flows; f++) {
    const columns: Record<string, Float64Array> = {};
    for (const c of cols) {
      const a = new Float64Array(samples);
      for (let i = 0; i < samples; i++) a[i] = ((i * 7919 + f * 104729) % 100003) / 97;
      columns[c] = a;
    }
    flowSeries.push({ flow: `F${f}`, columns });
  }
  const queueSeries = [];
  for (let l = 0; l < 4; l++) {
    const q = new Float64Array(samples).map((_, i) => (i + l) % 50);
    queueSeries.push({
      link: `l${l}`,
      from: 'r1',
      queue_pkts: q,
      queue_bytes: q.map((x) => x * 1040),
      red_avg: q.map((x) => x / 3),
      sojourn_ms: q.map((x) => x * 0.8),
      extra: {},
    });
  }
  return {
    ...emptyRun(),
    times,
    flowSeries,
    queueSeries,
    summary: Array.from({ length: flows }, (_, f) => summaryRow({ flow: `F${f}` })),
  };
}

const lines = (s: string) => s.split('\n');

describe('formatNumber', () => {
  it.each([
    [1e-9, 6, '0'],
    [1e-7, 6, '0'],
    [1e-6, 6, '0.000001'],
    [-1e-9, 6, '0'],
    [1e21, 3, '1000000000000000000000'],
    [-1e21, 0, '-1000000000000000000000'],
    [1.5e300, 2, '15' + '0'.repeat(299)],
    [123456789.123, 3, '123456789.123'],
    [123456789.123, 6, '123456789.123'],
    [-0, 4, '0'],
    [-0.00001, 3, '0'],
    [0, 6, '0'],
    [42, 0, '42'],
    [-1, 0, '-1'],
    [2.5, 0, '3'],
    [-2.5, 0, '-3'],
    [0.125, 2, '0.13'],
    [-0.125, 2, '-0.13'],
    [1e-9, 9, '0.000000001'],
    [-1e-10, 9, '0'],
    [1e15 + 0.5, 3, '1000000000000000.5'],
    [1.23456789, 4, '1.2346'],
    [10.5, 6, '10.5'],
    [100, 3, '100'],
    [0.1 + 0.2, 6, '0.3'],
    [NaN, 3, ''],
    [Infinity, 3, ''],
    [-Infinity, 3, ''],
    [null, 3, ''],
  ])('formatNumber(%s, %i) = %j', (x, d, want) => {
    const got = formatNumber(x as number | null, d);
    expect(got).toBe(want);
    expect(got).not.toMatch(/e|NaN|Infinity/i);
  });
});

describe('formatNumber agrees with toFixed', () => {
  it('within one unit in the last place, on a spread of values', () => {
    let seed = 12345;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let i = 0; i < 20000; i++) {
      const x = (rnd() - 0.5) * 10 ** Math.floor(rnd() * 24 - 10);
      const d = i % 7;
      const got = formatNumber(x, d);
      expect(got).toMatch(/^-?\d+(\.\d*[1-9])?$/);
      // Scaling x by 10^d may itself round, so a value within an ulp of a
      // half-way point may land one unit away from toFixed's choice.
      const ulps = 4 * Number.EPSILON * Math.abs(x);
      expect(Math.abs(Number(got) - Number(x.toFixed(d)))).toBeLessThanOrEqual(10 ** -d * 1.0001 + ulps);
    }
  });
});

describe('headers', () => {
  it('match the contract exactly, even with no rows, and each file ends with a newline', () => {
    const files = runDataToCsv(emptyRun());
    expect(files['summary.csv']).toBe(
      'flow,kind,variant,from,to,throughput_kbps,packets_sent,packets_delivered,retransmissions,timeouts,fast_retransmits,drops,drop_rate,avg_latency_ms,avg_cwnd,avg_ssthresh,completion_s,ack_drops\n',
    );
    expect(files['timeseries.csv']).toBe('time_s,flow,cwnd,ssthresh,srtt_ms,rto_s,inflight,throughput_kbps\n');
    expect(files['queues.csv']).toBe('time_s,link,from,queue_pkts,queue_bytes,red_avg,sojourn_ms\n');
    expect(files['links.csv']).toBe(
      'link,from,to,packets_forwarded,queue_drops,fault_drops,utilization,avg_queue_pkts,ecn_marks\n',
    );
    expect(files['events.csv']).toBe('time_s,flow,event,seq,cwnd,ssthresh,detail\n');
    expect(Object.keys(files).sort()).toEqual([
      'events.csv',
      'links.csv',
      'queues.csv',
      'summary.csv',
      'timeseries.csv',
    ]);
  });

  it('timeseries carries extra variant columns after the base ones', () => {
    const data = { ...emptyRun(), seriesColumns: [...BASE_SERIES_COLUMNS, 'bwe_kbps', 'vegas_diff'] };
    expect(lines(timeseriesCsv(data))[0]).toBe(
      'time_s,flow,cwnd,ssthresh,srtt_ms,rto_s,inflight,throughput_kbps,bwe_kbps,vegas_diff',
    );
  });
});

describe('rows', () => {
  it('summary rounds per column kind and leaves null empty', () => {
    const out = summaryCsv({ summary: [summaryRow({ avg_latency_ms: null, completion_s: 12.3456789 })] });
    expect(lines(out)[1]).toBe('A,tcp,reno,server,client,1234.568,100,98,2,0,1,2,0.02,,12.3457,1000,12.345679,0');
  });

  it('links rows', () => {
    const out = linksCsv({
      links: [
        {
          link: 'l1',
          from: 'r1',
          to: 'client',
          packets_forwarded: 10,
          queue_drops: 1,
          fault_drops: 0,
          utilization: 0.987654321,
          avg_queue_pkts: 3.14159,
          ecn_marks: 4,
        },
      ],
    });
    expect(lines(out)[1]).toBe('l1,r1,client,10,1,0,0.987654,3.1416,4');
  });

  it('timeseries is sample-major with NaN and missing columns as empty cells', () => {
    const times = Float64Array.of(0, 0.01, 0.02);
    const data: Pick<RunData, 'times' | 'seriesColumns' | 'flowSeries'> = {
      times,
      seriesColumns: ['cwnd', 'srtt_ms'],
      flowSeries: [
        { flow: 'A', columns: { cwnd: Float64Array.of(1, 2, 2.5), srtt_ms: Float64Array.of(NaN, 20.0001, 20.12345) } },
        { flow: 'U', columns: { cwnd: Float64Array.of(NaN, NaN, NaN) } },
      ],
    };
    expect(timeseriesCsv(data)).toBe(
      [
        'time_s,flow,cwnd,srtt_ms',
        '0,A,1,',
        '0,U,,',
        '0.01,A,2,20',
        '0.01,U,,',
        '0.02,A,2.5,20.123',
        '0.02,U,,',
        '',
      ].join('\n'),
    );
  });

  it('queues is sample-major', () => {
    const q = (link: string, base: number) => ({
      link,
      from: 'r1',
      queue_pkts: Float64Array.of(base, base + 1),
      queue_bytes: Float64Array.of(base * 1040, (base + 1) * 1040),
      red_avg: Float64Array.of(NaN, 0.123456),
      sojourn_ms: Float64Array.of(NaN, base + 0.12345),
      extra: { codel_count: Float64Array.of(base, 2) },
    });
    const out = queuesCsv({
      times: Float64Array.of(0.5, 1),
      queueSeries: [q('l1', 0), { ...q('l2', 5), extra: {} }],
      queueColumns: ['codel_count'],
    });
    expect(lines(out)).toEqual([
      'time_s,link,from,queue_pkts,queue_bytes,red_avg,sojourn_ms,codel_count',
      '0.5,l1,r1,0,0,,,0',
      '0.5,l2,r1,5,5200,,,',
      '1,l1,r1,1,1040,0.1235,0.123,2',
      '1,l2,r1,6,6240,0.1235,5.123,',
      '',
    ]);
  });

  it('events keep negative seq as a plain number and empty cells for null', () => {
    const out = eventsCsv({
      events: [
        { time_s: 1.0000004, flow: 'A', event: 'timeout', seq: -1, cwnd: 1, ssthresh: 7.5, detail: 'no ACK for 3 s' },
        { time_s: 2, flow: '', event: 'drop', seq: null, cwnd: null, ssthresh: null, detail: 'queue full' },
      ],
    });
    expect(lines(out).slice(1)).toEqual(['1,A,timeout,-1,1,7.5,no ACK for 3 s', '2,,drop,,,,queue full', '']);
  });
});

describe('formula injection', () => {
  it('safeText prefixes cells a spreadsheet would evaluate', () => {
    expect(safeText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(safeText('+1')).toBe("'+1");
    expect(safeText('-x')).toBe("'-x");
    expect(safeText('@x')).toBe("'@x");
    expect(safeText('\tx')).toBe("'\tx");
    expect(safeText('A=B')).toBe('A=B');
    expect(safeText('')).toBe('');
  });

  it('neutralizes hostile ids in every text column and round-trips through csvParse', () => {
    const hostile = ['=SUM(A1)', '+1', '@x', '-x'];
    const data: RunData = {
      ...emptyRun(),
      times: Float64Array.of(0),
      flowSeries: hostile.map((flow) => ({ flow, columns: {} })),
      summary: hostile.map((flow) => summaryRow({ flow, from: '=cmd|calc', to: '@to' })),
      links: [
        {
          link: '=l',
          from: '+r',
          to: '-c',
          packets_forwarded: 0,
          queue_drops: 0,
          fault_drops: 0,
          utilization: 0,
          avg_queue_pkts: 0,
          ecn_marks: 0,
        },
      ],
      events: [
        {
          time_s: 0,
          flow: '=SUM(A1)',
          event: 'drop',
          seq: -1,
          cwnd: -0,
          ssthresh: null,
          detail: '=1+1, said "he"\nnext line',
        },
      ],
    };
    const files = runDataToCsv(data);
    const summary = csvParse(files['summary.csv']);
    expect(summary.map((r) => r.flow)).toEqual(["'=SUM(A1)", "'+1", "'@x", "'-x"]);
    expect(summary[0].from).toBe("'=cmd|calc");
    expect(summary[0].to).toBe("'@to");
    expect(csvParse(files['timeseries.csv']).map((r) => r.flow)).toEqual(["'=SUM(A1)", "'+1", "'@x", "'-x"]);
    expect(csvParse(files['links.csv'])[0]).toMatchObject({ link: "'=l", from: "'+r", to: "'-c" });

    const [ev] = csvParse(files['events.csv']);
    expect(ev.flow).toBe("'=SUM(A1)");
    expect(ev.seq).toBe('-1');
    expect(ev.cwnd).toBe('0');
    expect(ev.ssthresh).toBe('');
    expect(ev.detail).toBe('\'=1+1, said "he"\nnext line');

    // No raw cell of any file starts with a formula character unless it is a number.
    for (const text of Object.values(files)) {
      for (const row of csvParseRows(text)) {
        for (const cell of row) {
          if (/^[=+\-@]/.test(cell)) expect(cell).toMatch(/^-\d/);
        }
      }
    }
  });

  it('a detail with commas, quotes and newlines round-trips exactly', () => {
    const detail = 'cwnd 10 → 5, ssthresh "5"\r\nbecause: 3 dup ACKs';
    const out = eventsCsv({
      events: [{ time_s: 0, flow: 'A', event: 'fast_retransmit', seq: 7, cwnd: 5, ssthresh: 5, detail }],
    });
    expect(csvParse(out)[0].detail).toBe(detail);
  });
});

describe('speed', () => {
  it('formats a 100 s, 22-flow, 0.01 s run (220,000 timeseries rows)', () => {
    const data = syntheticRun(22, 10_000, 0.01);
    runDataToCsv(syntheticRun(2, 1000, 0.01)); // warm up the JIT
    const t0 = performance.now();
    const files = runDataToCsv(data);
    const ms = performance.now() - t0;
    const rows = files['timeseries.csv'].split('\n').length - 2;
    const mb = Object.values(files).reduce((n, s) => n + s.length, 0) / 1e6;
    console.log(`runDataToCsv: ${rows} timeseries rows, ${mb.toFixed(1)} MB in ${ms.toFixed(0)} ms`);
    expect(rows).toBe(220_000);
    expect(files['timeseries.csv']).not.toMatch(/e[+-]|NaN|Infinity/);
  });
});
