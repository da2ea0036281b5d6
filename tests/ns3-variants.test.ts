/**
 * The engine's BBR v1 and CUBIC against ns-3.44 on the shared twins
 * (validation/ns3/cases/, reference in validation/ns3/reference/). Both sides
 * are means over the case's runs (ns-3 runs 1..R, engine seeds 1..R, starts
 * jittered alike). Each tolerance is the issue's; every figure this does not
 * hold to, and why, is in docs/validation-ns3.md ("The engine against ns-3").
 */
import { describe, expect, it } from 'vitest';
import { ns3Case } from '../validation/ns3/cases';
import { runTwinMeans } from '../validation/ns3/ours';
import { ns3Figure } from '../validation/ns3/reference';

const ns3 = (id: string, scope: string, metric: string) => ns3Figure(id, scope, metric).mean;
const ours = (figs: ReturnType<typeof runTwinMeans>, scope: string, metric: string) => {
  const v = figs.get(scope)?.get(metric);
  expect(v, `${scope} ${metric}`).toBeTypeOf('number');
  return v!;
};

/** One PROBE_BW gain cycle on the 40 ms path: 8 phases of one min RTT. */
const CYCLE_S = 8 * 0.04;

describe.each(['bbr-shallow', 'bbr-deep'])('%s: one BBR v1 flow', (id) => {
  const figs = runTwinMeans(ns3Case(id));

  it('goodput within 10 % of ns-3, the link as full', () => {
    const a = ours(figs, 'A', 'goodput_kbps');
    expect(Math.abs(a / ns3(id, 'A', 'goodput_kbps') - 1)).toBeLessThan(0.1);
    expect(ours(figs, 'bottleneck', 'utilization')).toBeGreaterThan(0.95);
  });

  it('PROBE_RTT at the instants ns-3 finds, within one gain cycle', () => {
    for (const k of [1, 2, 3]) {
      const t = ours(figs, 'A', `probe_rtt_${k}_s`);
      expect(Math.abs(t - ns3(id, 'A', `probe_rtt_${k}_s`)), `PROBE_RTT ${k} at ${t}`).toBeLessThan(CYCLE_S);
    }
    expect(figs.get('A')!.has('probe_rtt_4_s')).toBe(false);
  });

  it('leaves STARTUP within a second, as ns-3 does', () => {
    expect(ours(figs, 'A', 'drain_at_s')).toBeLessThan(1);
    expect(ours(figs, 'A', 'probe_bw_at_s')).toBeLessThan(1);
  });
});

describe('bbr-deep: what a deep buffer holds', () => {
  const figs = runTwinMeans(ns3Case('bbr-deep'));
  it('loses nothing and leaves DRAIN when ns-3 does (within a cycle)', () => {
    expect(ours(figs, 'bottleneck', 'drops')).toBe(0);
    expect(Math.abs(ours(figs, 'A', 'drain_at_s') - ns3('bbr-deep', 'A', 'drain_at_s'))).toBeLessThan(CYCLE_S);
  });
  // ns-3 queues about 32 packets here, the engine about 5: ns-3's rate sampler reuses the previous
  // ACK's sample when the segment ACKed was sent at the same delivered count (docs/validation-ns3.md,
  // E2), which overstates the bandwidth and keeps a standing queue. The engine follows Linux.
  it('keeps the queue below a third of a BDP (ns-3 more: its sampler overestimates)', () => {
    const q = ours(figs, 'bottleneck', 'mean_queue_pkts');
    expect(q).toBeLessThan(16);
    expect(q).toBeLessThan(ns3('bbr-deep', 'bottleneck', 'mean_queue_pkts'));
  });
});

describe.each(['bbr-cubic-shallow', 'bbr-cubic-deep'])('%s: BBR v1 against CUBIC', (id) => {
  const figs = runTwinMeans(ns3Case(id));
  it('the split within 15 percentage points of ns-3', () => {
    const share = ours(figs, 'A', 'share');
    expect(Math.abs(share - ns3(id, 'A', 'share')), `BBR's share ${share}`).toBeLessThan(0.15);
    expect(ours(figs, 'bottleneck', 'utilization')).toBeGreaterThan(0.95);
  });
});

// CUBIC's slow-start exit. ns-3's HyStart (Linux's older one) leaves slow start at once when its
// delay test fires, measuring against the connection's min RTT; HyStart++ (RFC 9406), which the
// engine runs, compares each round with the last and first enters conservative slow start
// (docs/validation-ns3.md, E4). So the engine's CSS entry is compared with ns-3's exit.
describe('CUBIC slow start with and without HyStart', () => {
  const off = runTwinMeans(ns3Case('cubic-hystart-off'));
  const on = runTwinMeans(ns3Case('cubic-hystart-delay'));

  it('without HyStart, slow start ends with the first loss when ns-3’s does (within 5 ms)', () => {
    expect(ours(off, 'A', 'ss_exit_by_loss')).toBe(1);
    expect(Math.abs(ours(off, 'A', 'ss_exit_s') - ns3('cubic-hystart-off', 'A', 'ss_exit_s'))).toBeLessThan(0.005);
  });

  it('with HyStart++ the RTT rise is found within a round trip (~80 ms then) of ns-3’s delay test', () => {
    const css = ours(on, 'A', 'css_at_s');
    expect(Math.abs(css - ns3('cubic-hystart-delay', 'A', 'ss_exit_s')), `CSS at ${css}`).toBeLessThan(0.08);
    expect(css).toBeLessThan(ours(off, 'A', 'first_loss_s'));
  });

  it('with HyStart++ far fewer segments are lost than without (ns-3: 46 against 550)', () => {
    expect(ours(on, 'A', 'retransmissions')).toBeLessThan(ours(off, 'A', 'retransmissions') / 5);
  });
});

// DCTCP on a step-marking queue at K = 20 (RED, min = max = K, weight 1): ns-3 holds 19.6 packets in
// the disc with α ≈ 0.34. α within 20 % is only possible with DCTCP's exact echo: RFC 3168's echo
// (ECE until CWR) would report nearly every segment marked and drive α to 1.
describe('dctcp-2: two DCTCP flows, step marking at K = 20', () => {
  const figs = runTwinMeans(ns3Case('dctcp-2'));

  it('holds the queue near K (within 10 % of ns-3’s 19.6), losing nothing', () => {
    const q = ours(figs, 'bottleneck', 'mean_queue_pkts');
    expect(Math.abs(q / ns3('dctcp-2', 'bottleneck', 'mean_disc_pkts') - 1), `queue ${q}`).toBeLessThan(0.1);
    expect(ours(figs, 'bottleneck', 'drops')).toBe(0);
    expect(ours(figs, 'bottleneck', 'utilization')).toBeGreaterThan(0.99);
  });

  it('α within 20 % of ns-3’s for each flow', () => {
    for (const f of ['A', 'B']) {
      const a = ours(figs, f, 'alpha_mean');
      expect(Math.abs(a / ns3('dctcp-2', f, 'alpha_mean') - 1), `${f}: α ${a}`).toBeLessThan(0.2);
    }
  });
});
