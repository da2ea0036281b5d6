/**
 * Request/response traffic: response times on an idle path against the
 * value worked out by hand from the scenario's numbers, the loader's rules,
 * and the outputs.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../run';
import { Simulator } from '../simulator';
import { parseScenario } from '../scenario/index';
import type { Scenario, TransactionFlowSpec } from '../scenario/types';
import { percentile, runDataFiles } from '../output/transactions';
import { estimateMemory, memoryIssues } from '../scenario/memory';
import congested from '../../../scenarios/paper-004/p004-congested.json';

function scenario(flow: Record<string, unknown> = {}, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    duration: 5,
    nodes: [
      { id: 'client', kind: 'host' },
      { id: 'server', kind: 'host' },
    ],
    links: [{ id: 'l', a: 'client', b: 'server', bandwidth: '10Mbps', delay: '10ms' }],
    flows: [
      {
        id: 'db',
        kind: 'transaction',
        variant: 'reno',
        from: 'client',
        to: 'server',
        request: 300,
        response: 1500,
        thinkTime: { distribution: 'constant', mean: 0.5 },
        transactions: 3,
        ...flow,
      },
    ],
    ...extra,
  };
}

function load(input: Record<string, unknown>): Scenario {
  const r = parseScenario(input);
  if (!r.ok) throw new Error(JSON.stringify(r.issues));
  return r.scenario;
}

function issues(input: Record<string, unknown>): string[] {
  const r = parseScenario(input);
  return r.ok ? [] : r.issues.map((i) => `${i.path}: ${i.message}`);
}

/** Serialization time of `bytes` on the wire at `bandwidth` bit/s. */
const tx = (bytes: number, bandwidth: number) => (bytes * 8) / bandwidth;

describe('response times on an idle path', () => {
  for (const variant of ['reno', 'newreno', 'sack', 'cubic'] as const) {
    it(`equal the SYN exchange, the RTTs and the serialization (${variant})`, () => {
      const s = load(scenario({ variant }));
      const f = s.flows[0] as TransactionFlowSpec;
      const link = s.links[0];
      const B = link.bandwidth;
      const D = link.delay;
      const h = f.tcp.headerBytes;
      const mss = f.packetSize;
      // Each message in whole segments of packetSize, the last carrying the rest.
      const segments = (bytes: number) => {
        const n = Math.ceil(bytes / mss);
        return Array.from({ length: n }, (_, i) => (i < n - 1 ? mss : bytes - (n - 1) * mss) + h);
      };
      const request = segments(f.request);
      const response = segments(f.response);
      // The whole request and response fit in the first window, so no round trip waits for an ACK.
      expect(request.length).toBeLessThanOrEqual(f.tcp.initialCwnd);
      expect(response.length).toBeLessThanOrEqual(f.tcp.initialCwnd);
      const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
      // Request: its segments back to back, the last arrives one propagation delay after it is sent.
      const requestTime = tx(sum(request), B) + D;
      // The server's ACK of the request (one-way agents cannot piggyback) leaves before the answer.
      const responseTime = tx(h + sum(response), B) + D;
      const handshake = 2 * (tx(h, B) + D);
      const want = [handshake + requestTime + responseTime, requestTime + responseTime, requestTime + responseTime];

      const data = runScenario(s);
      const rows = data.transactions!;
      expect(rows.map((r) => r.transaction)).toEqual([1, 2, 3]);
      rows.forEach((r, i) => {
        expect(r.response_ms).toBeCloseTo(want[i] * 1000, 6);
        expect(r.end_s - r.start_s).toBeCloseTo(want[i], 9);
      });
      // Each next request leaves one think time after the answer.
      expect(rows[1].start_s).toBeCloseTo(rows[0].end_s + f.thinkTime.mean, 9);
      expect(rows[2].start_s).toBeCloseTo(rows[1].end_s + f.thinkTime.mean, 9);
      // Nothing is lost or resent on an idle path.
      for (const row of data.summary) expect(row.retransmissions).toBe(0);
    });
  }

  it('adds a round trip for each window the response needs in slow start', () => {
    // 5 segments with initialCwnd 2: 2, then 3 after the first two ACKs (slow start, one more per ACK).
    const s = load(scenario({ response: 5000, transactions: 1 }));
    const f = s.flows[0] as TransactionFlowSpec;
    const B = s.links[0].bandwidth;
    const D = s.links[0].delay;
    const h = f.tcp.headerBytes;
    const seg = f.packetSize + h;
    const handshake = 2 * (tx(h, B) + D);
    const request = tx(f.request + h, B) + D;
    // First window: ACK of the request, then 2 segments. Their ACKs come back one
    // RTT after each was sent; each opens the window by one more than it frees.
    const sentFirst = tx(h + seg, B);
    const sentSecond = tx(h + 2 * seg, B);
    const ackOfFirst = sentFirst + D + tx(h, B) + D;
    const ackOfSecond = sentSecond + D + tx(h, B) + D;
    // After the first ACK two segments go out (3 and 4), after the second one more (5).
    const fourthDone = ackOfFirst + 2 * tx(seg, B);
    const fifthDone = Math.max(fourthDone, ackOfSecond) + tx(seg, B);
    const want = handshake + request + fifthDone + D;
    const rows = runScenario(s).transactions!;
    expect(rows).toHaveLength(1);
    expect(rows[0].response_ms).toBeCloseTo(want * 1000, 6);
  });
});

describe('transactions', () => {
  it('run on every connection, each its own sequence, within the limit and before stop', () => {
    const s = load(scenario({ connections: 3, transactions: null, stop: 2, thinkTime: { mean: 0.2 } }));
    const rows = runScenario(s).transactions!;
    for (const c of [1, 2, 3]) {
      const mine = rows.filter((r) => r.connection === c);
      expect(mine.length).toBeGreaterThan(2);
      expect(mine.map((r) => r.transaction)).toEqual(mine.map((_, i) => i + 1));
    }
    for (const r of rows) expect(r.start_s).toBeLessThan(2);
  });

  it('draw exponential think times from the seed: the same seed repeats the run, another changes it', () => {
    const one = scenario({ thinkTime: { distribution: 'exponential', mean: 0.3 }, transactions: null });
    const a = runDataFiles(runScenario(load({ ...one, seed: 7 })));
    const b = runDataFiles(runScenario(load({ ...one, seed: 7 })));
    const c = runDataFiles(runScenario(load({ ...one, seed: 8 })));
    expect(a['transactions.csv']).toBe(b['transactions.csv']);
    expect(a['transactions.csv']).not.toBe(c['transactions.csv']);
    // The gaps between transactions average near the mean (many draws over 5 s).
    const rows = runScenario(load({ ...one, seed: 7, duration: 60 })).transactions!;
    const gaps = rows.slice(1).map((r, i) => r.start_s - rows[i].end_s);
    const mean = gaps.reduce((x, y) => x + y, 0) / gaps.length;
    expect(gaps.length).toBeGreaterThan(50);
    expect(mean).toBeGreaterThan(0.2);
    expect(mean).toBeLessThan(0.4);
  });

  it('write transactions.csv and the summary columns on the response rows only', () => {
    const files = runDataFiles(runScenario(load(scenario({ connections: 2 }))));
    const header = files['summary.csv'].split('\n')[0].split(',');
    expect(header.slice(-3)).toEqual(['transactions', 'response_mean_ms', 'response_p95_ms']);
    const rows = files['summary.csv']
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','));
    expect(rows.map((r) => r[0])).toEqual(['db.1', 'db.1.req', 'db.2', 'db.2.req']);
    expect(rows[0].at(-3)).toBe('3');
    expect(rows[1].at(-3)).toBe('');
    expect(files['transactions.csv'].split('\n')[0]).toBe(
      'flow,connection,transaction,start_s,end_s,response_ms,request_bytes,response_bytes',
    );
    expect(files['transactions.csv'].trim().split('\n')).toHaveLength(1 + 6);
  });

  it('leave the files of a scenario without them as they were', () => {
    const input = scenario();
    input.flows = [{ id: 'ftp', variant: 'reno', from: 'server', to: 'client', bytes: 10000 }];
    const files = runDataFiles(runScenario(load(input)));
    expect(Object.keys(files)).not.toContain('transactions.csv');
    expect(files['summary.csv'].split('\n')[0]).not.toContain('transactions');
  });

  it('p95 is the nearest rank', () => {
    expect(percentile([], 95)).toBeNull();
    expect(percentile([5], 95)).toBe(5);
    expect(
      percentile(
        Array.from({ length: 20 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(19);
    expect(
      percentile(
        Array.from({ length: 100 }, (_, i) => i + 1),
        95,
      ),
    ).toBe(95);
  });
});

describe('the loader', () => {
  it('fills the defaults', () => {
    const f = load(scenario({ request: undefined, response: undefined, thinkTime: undefined, transactions: undefined }))
      .flows[0] as TransactionFlowSpec;
    expect(f).toMatchObject({
      request: 512,
      response: 32768,
      thinkTime: { distribution: 'exponential', mean: 1 },
      connections: 1,
      transactions: null,
    });
  });

  it('names the field of each bad value', () => {
    expect(issues(scenario({ request: 0 }))).toEqual([expect.stringMatching(/^flows\[0\]\.request: must be/)]);
    expect(issues(scenario({ response: '-3KB' }))).toEqual([expect.stringMatching(/^flows\[0\]\.response: /)]);
    expect(issues(scenario({ connections: 0 }))).toEqual([
      expect.stringMatching(/^flows\[0\]\.connections: must be at least 1/),
    ]);
    expect(issues(scenario({ transactions: 1.5 }))).toEqual([
      expect.stringMatching(/^flows\[0\]\.transactions: must be a whole number/),
    ]);
    expect(issues(scenario({ thinkTime: { distribution: 'normal' } }))[0]).toMatch(
      /^flows\[0\]\.thinkTime\.distribution: .*constant.*exponential/,
    );
    expect(issues(scenario({ thinkTime: { mean: -1 } }))[0]).toMatch(/^flows\[0\]\.thinkTime\.mean: /);
    expect(issues(scenario({ rate: '1Mbps' }))[0]).toMatch(/^flows\[0\]/);
  });

  it('refuses a flow whose connection names another flow already has', () => {
    const input = scenario({ connections: 2 });
    (input.flows as unknown[]).push({ id: 'db.2', variant: 'reno', from: 'server', to: 'client' });
    expect(issues(input)).toEqual([expect.stringMatching(/^flows\[0\]\.id: its connection 2 runs as flow "db\.2"/)]);
  });

  it('refuses dropSegments on a transaction flow', () => {
    const input = scenario({}, { faults: [{ kind: 'dropSegments', flow: 'db', seqs: [1] }] });
    expect(issues(input)[0]).toMatch(/^faults\[0\]\.flow: .*TCP flow/);
  });
});

describe('the memory estimate', () => {
  it('counts each connection as two TCP flows, and the transactions kept', () => {
    const one = estimateMemory(load(scenario({ connections: 1 })), 'stream').bytes;
    const many = estimateMemory(load(scenario({ connections: 200 })), 'stream').bytes;
    expect(many).toBeGreaterThan(one + 200 * 1000);
    // Endless tiny transactions on a fast link over a long run: refused, naming the limit to set.
    const huge = load(
      scenario(
        {
          request: 1,
          response: 1,
          thinkTime: { distribution: 'exponential', mean: 0 },
          transactions: null,
          connections: 1000,
        },
        {
          duration: 3600,
          sampleInterval: 1,
          links: [{ id: 'l', a: 'client', b: 'server', bandwidth: '1Gbps', delay: '0ms' }],
        },
      ),
    );
    const refused = memoryIssues(huge, 'stream', 1e9, '');
    expect(refused).toHaveLength(1);
    expect(refused[0].path).toBe('flows[0].transactions');
    // A limit on transactions brings it back under.
    const limited = { ...huge, flows: [{ ...(huge.flows[0] as TransactionFlowSpec), transactions: 10 }] };
    expect(memoryIssues(limited, 'stream', 1e9, '')).toEqual([]);
  });
});

describe('under congestion', () => {
  // A write while duplicate ACKs are counted (after a spurious timeout, the ACK of the
  // needless resend is a duplicate) must still send: ns-2's advanceby() calls send_much().
  for (const variant of ['reno', 'newreno', 'sack'] as const) {
    it(`data written is sent or waits for an ACK, never stalls (paper 004's congested network, ${variant})`, () => {
      const input = structuredClone(congested) as Record<string, any>;
      input.duration = 30;
      input.measure = { from: 0, to: 30 };
      for (const f of input.flows) f.variant = variant;
      const sim = new Simulator(load(input));
      const stalled = new Set<string>();
      for (let t = 0.05; t <= 30; t += 0.05) {
        sim.runUntil(t);
        sim.senders.forEach((snd, fi) => {
          const c = snd!.tcb;
          // Nothing in flight (so no ACK will come), yet written data not sent: nothing would ever send it.
          if (c.highestAck === c.maxSeq && c.tSeqno < c.curSeq) stalled.add(sim.flowIds[fi]);
        });
      }
      expect([...stalled]).toEqual([]);
      expect(sim.transactions.reduce((n, t) => n + t.count, 0)).toBeGreaterThan(500);
    });
  }
});
