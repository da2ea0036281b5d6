import { beforeAll, describe, expect, it } from 'vitest';
import type { EventRow } from '../../engine/output/rundata';
import { findLesson, LESSONS, type Lesson } from '../../presets/lessons';
import { computeLesson, TRACE_ACK, type LessonResult } from './lesson-compute';
import { buildSteps, type LessonStep } from './lesson-steps';
import { runRows, type StepRunInput } from './step-rows';

const computed = new Map<string, { result: LessonResult; steps: LessonStep[] }>();
// Every lesson's runs: some 10 s of work, more on a busy machine (the hooks' default allows 10 s).
beforeAll(() => {
  for (const l of LESSONS) {
    const result = computeLesson(l.id);
    computed.set(l.id, { result, steps: buildSteps(l, result.runs) });
  }
}, 120_000); // every lesson, every run: tens of seconds on a busy machine
const stepsOf = (id: string) => computed.get(id)!.steps;
const runIndex = (id: string, run: string) => computed.get(id)!.result.runs.findIndex((r) => r.id === run);
const kinds = (steps: LessonStep[]) => steps.map((s) => s.kind);
/** The index of the first step of this kind that includes this run. */
const stepOf = (id: string, kind: string, run: string, nth = 1) => {
  const r = runIndex(id, run);
  return stepsOf(id).filter((s) => s.kind === kind && s.members.some((m) => m.run === r))[nth - 1];
};

describe('merging the runs into steps', () => {
  it('every lesson: start first, end last, the cursor never goes back, and each run’s events keep their order', () => {
    for (const l of LESSONS) {
      const steps = stepsOf(l.id);
      expect(steps[0].kind).toBe('start');
      expect(steps.at(-1)!.kind).toBe('end');
      steps.forEach((s, i) => expect(s.index).toBe(i));
      for (let i = 1; i < steps.length; i++) expect(steps[i].time).toBeGreaterThanOrEqual(steps[i - 1].time - 1e-12);
      const { runs } = computed.get(l.id)!.result;
      runs.forEach((run, r) => {
        const seen = steps.flatMap((s) => s.members.filter((m) => m.run === r).map((m) => m.row));
        // Same rows as the run's own (drops in a burst folded into one), in the run's order.
        expect(seen).toEqual(runRows(l, run));
      });
    }
  });

  it('one lost segment: the same events in all four runs are one step; then they diverge', () => {
    const steps = stepsOf('one-loss');
    expect(kinds(steps)).toEqual(['start', 'ss_exit', 'drop', 'dupacks', 'fast_retransmit', 'recovery_enter', 'recovery_exit', 'ss_exit', 'end']);
    expect(steps[2].members.map((m) => m.run)).toEqual([0, 1, 2, 3]);
    expect(steps[2].captions).toHaveLength(1);
    expect(steps[2].captions[0].text).toMatch(/^Segment 100 is thrown away at 0\.452 s/);
    // SACK's third duplicate ACK comes a few microseconds later (longer ACKs): still the same step.
    const fr = steps[4];
    expect(fr.members.map((m) => m.run)).toEqual([0, 1, 2, 3]);
    expect(new Set(fr.members.map((m) => m.row.time_s)).size).toBe(2);
    expect(fr.captions.map((c) => c.runs)).toEqual([[0], [1], [2], [3]]);
    expect(fr.captions[0].text).toMatch(/Tahoe retransmits segment 100 .* cwnd = 1 segment/);
    // Reno's inflation and SACK's pipe are told apart at the start of recovery.
    expect(steps[5].captions.map((c) => c.runs)).toEqual([[1, 2], [3]]);
    expect(steps[5].captions[0].text).toMatch(/window inflation/);
    expect(steps[6].captions[0].text).toMatch(/fast recovery ends/);
    // Tahoe's slow start after the loss is told as such; the first one is not.
    expect(steps[1].captions[0].text).toMatch(/^cwnd has reached ssthresh \(32 segments\)/);
    expect(steps[7].captions[0].text).toMatch(/Tahoe’s slow start after the loss/);
  });

  it('only runs that went through Reno-style fast recovery say their window was inflated', () => {
    const inflates = (id: string) => computed.get(id)!.result.runs.map((r) => [r.id, r.inflates]);
    expect(inflates('one-loss')).toEqual([['tahoe', false], ['reno', true], ['newreno', true], ['sack', false]]);
    expect(inflates('bbr-alone')).toEqual([['bbr', false]]);
  });

  it('BBR alone steps through STARTUP, DRAIN, PROBE_BW and PROBE_RTT every 10 s, with nothing lost', () => {
    const steps = stepsOf('bbr-alone');
    expect(kinds(steps)).toEqual(['start', 'bbr_startup', 'bbr_drain', 'bbr_probe_bw', 'bbr_probe_rtt', 'bbr_probe_bw', 'bbr_probe_rtt', 'bbr_probe_bw', 'end']);
    const at = (k: string, n = 1) => steps.filter((s) => s.kind === k)[n - 1].time;
    expect(at('bbr_drain')).toBeLessThan(1);
    expect(at('bbr_probe_rtt', 2) - at('bbr_probe_rtt')).toBeCloseTo(10.25, 0);
    expect(steps.find((s) => s.kind === 'bbr_drain')!.captions[0].text).toMatch(/^STARTUP is over at 0\.\d+ s: the bandwidth estimate grew less than 25 %/);
    expect(computed.get('bbr-alone')!.result.runs[0].summary[0].drops).toBe(0);
  });

  it('Reno, CUBIC and BBR: BBR takes most of a shallow buffer’s link and less than the loss-based flows behind a deep one', () => {
    const { runs } = computed.get('bbr-share')!.result;
    const share = (run: string, flow: string) => {
      const r = runs.find((x) => x.id === run)!;
      const total = r.summary.filter((f) => f.flow in r.variants).reduce((a, f) => a + f.throughput_kbps, 0);
      return r.summary.find((f) => f.flow === flow)!.throughput_kbps / total;
    };
    expect(share('shallow', 'bbr')).toBeGreaterThan(0.75);
    expect(share('deep', 'bbr')).toBeLessThan(0.35);
    expect(share('deep', 'cubic') + share('deep', 'reno')).toBeGreaterThan(0.65);
    // Only the state changes are steps: BBR's in every run.
    const steps = stepsOf('bbr-share');
    expect(new Set(steps.flatMap((s) => s.members.map((m) => m.kind)))).toEqual(new Set(['bbr_startup', 'bbr_drain', 'bbr_probe_bw', 'bbr_probe_rtt', 'hystart_css']));
    for (let r = 0; r < runs.length; r++) expect(steps.some((s) => s.kind === 'bbr_probe_rtt' && s.members.some((m) => m.run === r))).toBe(true);
  });

  it('duplicate ACKs come just before the fast retransmit they trigger, from the packet trace', () => {
    const dup = stepsOf('one-loss')[3];
    expect(dup.captions[0].text).toMatch(/repeat its ACK for the last segment it holds in order \(99\)/);
    for (const m of dup.members) {
      expect(m.row.detail).toBe('3 duplicate ACKs for segment 99');
      // Two duplicate ACKs are in; the third is the fast retransmit's.
      expect(m.highlights).toHaveLength(2);
      expect(m.highlights.every((h) => h.kind === 'ack' && h.seq === 99)).toBe(true);
    }
    const trace = computed.get('one-loss')!.result.runs[1].trace;
    const acks99 = [...trace.seq.keys()].filter((i) => trace.kind[i] === TRACE_ACK && trace.seq[i] === 99);
    expect(dup.members[1].row.time_s).toBe(trace.time[acks99[2]]);
  });

  it('several lost segments: three drops are one step; SACK fills two holes in one step; Reno’s partial ACK ends its recovery and it times out', () => {
    const steps = stepsOf('multi-loss');
    const drops = steps.filter((s) => s.kind === 'drop');
    expect(drops).toHaveLength(1);
    expect(drops[0].members[0].row.burst).toEqual([100, 102, 104]);
    const sack = stepOf('multi-loss', 'retransmit', 'sack');
    expect(sack.members[0].row.burst).toEqual([102, 104]);
    expect(sack.captions[0].text).toMatch(/SACK retransmits segment 102.*102 and 104/);
    expect(stepOf('multi-loss', 'recovery_exit', 'reno').captions[0].text).toMatch(/partial ACK, because segment 102 is missing too/);
    expect(stepOf('multi-loss', 'partial_ack', 'newreno').captions[0].text).toMatch(/NewReno concludes/);
    expect(stepOf('multi-loss', 'timeout', 'reno').captions[0].text).toMatch(/Reno’s retransmission timer expires/);
    expect(stepsOf('multi-loss').findIndex((s) => s.kind === 'timeout')).toBeGreaterThan(steps.indexOf(stepOf('multi-loss', 'recovery_exit', 'newreno')));
  });

  it('every step of the two loss lessons has a caption the lesson wrote, with no placeholder left', () => {
    for (const id of ['one-loss', 'multi-loss']) {
      for (const s of stepsOf(id)) {
        for (const m of s.members) {
          expect(m.written, `${id} step ${s.index} ${m.kind}`).toBe(true);
          expect(m.caption).not.toMatch(/\{\w+\}/);
          expect(m.caption.length).toBeGreaterThan(20);
        }
      }
    }
  });

  it('every step of every lesson has a caption', () => {
    for (const l of LESSONS) for (const s of stepsOf(l.id)) for (const c of s.captions) expect(c.text.trim().length, `${l.id} ${s.index}`).toBeGreaterThan(3);
  });
});

describe('predict-then-reveal questions', () => {
  it('are attached to the step they ask about, for the runs they are about', () => {
    const q = (id: string, step: LessonStep) => step.questions.find((x) => x.question.id === id);
    const fr = stepOf('one-loss', 'fast_retransmit', 'reno');
    expect(q('one-loss-cwnd', fr)?.runs).toEqual([1, 2, 3]);
    expect(q('one-loss-cwnd-tahoe', fr)?.runs).toEqual([0]);
    expect(q('one-loss-deflate', stepOf('one-loss', 'recovery_exit', 'reno'))?.runs).toEqual([1, 2]);
    expect(q('multi-loss-reno-partial', stepOf('multi-loss', 'recovery_exit', 'reno'))).toBeDefined();
    expect(q('multi-loss-newreno-partial', stepOf('multi-loss', 'partial_ack', 'newreno'))).toBeDefined();
    expect(q('multi-loss-sack-rounds', stepOf('multi-loss', 'retransmit', 'sack'))).toBeDefined();
    expect(q('outage-next', stepOf('outage-backoff', 'timeout', 'reno', 2))).toBeDefined();
    expect(q('outage-resume', stepOf('outage-backoff', 'link_up', 'reno'))).toBeDefined();
    expect(q('slow-start-after-loss', stepOf('slow-start', 'ss_exit', 'tahoe', 2))).toBeDefined();
    // "start" questions are asked before the first step and revealed at it.
    expect(stepsOf('vegas-queue')[1].questions.map((x) => x.question.id)).toEqual(['vegas-queue-predict']);
    expect(stepsOf('fairness')[1].questions.map((x) => x.question.id)).toEqual(['fairness-rtt']);
  });

  it('every question of every lesson is asked exactly once', () => {
    for (const l of LESSONS) {
      const asked = stepsOf(l.id).flatMap((s) => s.questions.map((x) => x.question.id));
      expect([...asked].sort(), l.id).toEqual(l.questions.map((x) => x.id).sort());
    }
  });
});

describe('step helpers', () => {
  const lesson = findLesson('outage-backoff')!;
  const row = (time_s: number, event: string, seq: number | null, flow = 'tcp'): EventRow => ({ time_s, flow, event, seq, cwnd: null, ssthresh: null, detail: `${event} ${seq}` });
  const run = (events: EventRow[]): StepRunInput => ({
    id: 'r',
    label: 'R',
    variant: 'reno',
    variants: { tcp: 'reno' },
    duration: 10,
    events,
    trace: { time: new Float64Array(), kind: new Uint8Array(), seq: new Float64Array() },
  });

  it('folds a burst of drops (and of retransmissions) into one row, link events first', () => {
    const rows = runRows(lesson as Lesson, run([row(3, 'drop', 5), row(3, 'drop', 6), row(3, 'link_down', null, ''), row(3.01, 'drop', 7), row(3.2, 'drop', 9), row(3.3, 'timeout', 5), row(3.31, 'retransmit', 5), row(3.32, 'retransmit', 6)]));
    expect(rows.map((r) => [r.event, r.burst ?? r.seq])).toEqual([
      ['link_down', null],
      ['drop', [5, 6, 7]],
      ['drop', 9],
      ['timeout', 5],
      ['retransmit', [5, 6]],
    ]);
  });

  it('two runs’ bursts that only start alike are two steps; a joined step never reorders a run’s events', () => {
    // Run 0 loses 5–9 in one burst; run 1 loses 5–6, then 20–21: the same first drop, other bursts.
    // Run 1's fast retransmit comes 0.5 ms after run 0's, which enters recovery at the instant of its own.
    const a = run([
      ...[5, 6, 7, 8, 9].map((q, i) => row(1 + 0.04 * i, 'drop', q)),
      row(1.3, 'fast_retransmit', 5),
      row(1.3, 'recovery_enter', 30),
    ]);
    const b = run([
      row(1, 'drop', 5),
      row(1.02, 'drop', 6),
      row(1.1, 'drop', 20),
      row(1.12, 'drop', 21),
      row(1.3005, 'fast_retransmit', 5),
      row(1.3005, 'recovery_enter', 25),
    ]);
    const steps = buildSteps(lesson, [a, b]);
    const drops = steps.filter((s) => s.kind === 'drop');
    expect(drops.map((s) => s.members.map((m) => [m.run, m.row.burst]))).toEqual([
      [[1, [5, 6]]],
      [[1, [20, 21]]],
      [[0, [5, 6, 7, 8, 9]]],
    ]);
    const fr = steps.filter((s) => s.kind === 'fast_retransmit');
    expect(fr).toHaveLength(1);
    expect(fr[0].members.map((m) => m.run)).toEqual([0, 1]);
    [a, b].forEach((r, i) =>
      expect(steps.flatMap((s) => s.members.filter((m) => m.run === i).map((m) => m.row))).toEqual(runRows(lesson, r)),
    );
    for (let i = 1; i < steps.length; i++) expect(steps[i].time).toBeGreaterThanOrEqual(steps[i - 1].time);
    // The same burst in both runs is still one step.
    const same = buildSteps(lesson, [
      run([row(1, 'drop', 5), row(1.02, 'drop', 6)]),
      run([row(1, 'drop', 5), row(1.0201, 'drop', 6)]),
    ]);
    expect(same.filter((s) => s.kind === 'drop').map((s) => s.members.length)).toEqual([2]);
  });
});
