/**
 * HyStart++ (RFC 9406) as CUBIC runs it (hystart.ts, cubic.ts): the delay
 * test per round, conservative slow start, its spurious-exit rule, its end
 * after CSS_ROUNDS rounds, and a loss ending it.
 */
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../../output/event-log';
import { DEFAULT_TCP } from '../../scenario/defaults';
import { Cubic } from './cubic';
import { ackSample, grow, handState, respond } from './hand-state';
import { HyStart, HystartPhase, HYSTART_CSS_ROUNDS, HYSTART_N_RTT_SAMPLE } from './hystart';
import { CongestionEvent } from './types';

/** Feed `hs` one round of `n` ACKs whose RTTs are `rtts` (cycled); returns the last answer. */
function round(hs: HyStart, rtts: number[], n = 10) {
  let r = { growth: 1, exit: false };
  for (let i = 0; i < n; i++) r = hs.onAck(ackSample({ echoRtt: rtts[i % rtts.length], roundStart: i === 0 }));
  return r;
}

describe('the delay test (RFC 9406 §4.2)', () => {
  it.each([
    // last round's min RTT, this round's (ms) → conservative slow start?
    ['no rise', 40, 40, false],
    ['a rise below the threshold (40/8 = 5 ms)', 40, 44.9, false],
    ['a rise of the threshold', 40, 45, true],
    ['a short path: the threshold is at least 4 ms', 8, 11.9, false],
    ['a short path: 4 ms', 8, 12, true],
    ['a long path: the threshold is at most 16 ms', 400, 415.9, false],
    ['a long path: 16 ms', 400, 416.1, true],
  ])('%s', (_n, last, now, css) => {
    const hs = new HyStart(true);
    round(hs, [last / 1000]);
    const r = round(hs, [now / 1000]);
    expect(hs.phase === HystartPhase.Css).toBe(css);
    expect(r.growth).toBe(css ? 0.25 : 1);
  });

  it(`waits for ${HYSTART_N_RTT_SAMPLE} RTT samples in the round`, () => {
    const hs = new HyStart(true);
    round(hs, [0.04]);
    round(hs, [0.06], HYSTART_N_RTT_SAMPLE - 1);
    expect(hs.phase).toBe(HystartPhase.SlowStart);
    hs.onAck(ackSample({ echoRtt: 0.06 }));
    expect(hs.phase).toBe(HystartPhase.Css);
  });

  it('does nothing when off', () => {
    const hs = new HyStart(false);
    round(hs, [0.04]);
    expect(round(hs, [0.2])).toEqual({ growth: 1, exit: false });
    expect(hs.phase).toBe(HystartPhase.Done);
  });
});

describe('conservative slow start', () => {
  it('goes back to slow start when a round’s min RTT falls below the one that started it', () => {
    const hs = new HyStart(true);
    const log: number[] = [];
    hs.attach({ log: (k) => log.push(k) });
    round(hs, [0.04]);
    round(hs, [0.05]);
    expect(hs.phase).toBe(HystartPhase.Css);
    round(hs, [0.045]);
    expect(hs.phase).toBe(HystartPhase.SlowStart);
    expect(log.map((k) => EVENT_NAMES[k])).toEqual(['hystart_css', 'hystart_resume']);
  });

  it(`ends slow start once ${HYSTART_CSS_ROUNDS} rounds in it are complete`, () => {
    const hs = new HyStart(true);
    round(hs, [0.04]);
    round(hs, [0.05]);
    const answers = [];
    for (let k = 0; k < HYSTART_CSS_ROUNDS + 1; k++)
      answers.push(round(hs, [0.06]).exit || hs.phase === HystartPhase.Done);
    expect(answers).toEqual([false, false, false, false, false, true]);
  });
});

describe('CUBIC with HyStart++', () => {
  const cubic = () => new Cubic({ ...DEFAULT_TCP.cubic, hystart: true });

  it('grows a quarter segment per ACK in CSS, sets ssthresh = cwnd when CSS ends', () => {
    const c = cubic();
    const s = handState({ cwnd: 10, ssthresh: 1e9 });
    const ack = (rtt: number, roundStart: boolean) => grow(c, s, { echoRtt: rtt, roundStart });
    for (let i = 0; i < 10; i++) ack(0.04, i === 0);
    expect(s.cwnd).toBe(20);
    for (let i = 0; i < 10; i++) ack(0.05, i === 0);
    // The 8th sample finds the rise: 7 full segments, then a quarter for it and each of the 2 after.
    expect(s.cwnd).toBe(20 + HYSTART_N_RTT_SAMPLE - 1 + 3 * 0.25);
    for (let k = 0; k < HYSTART_CSS_ROUNDS; k++) for (let i = 0; i < 10; i++) ack(0.05, i === 0);
    expect(c.hystart.phase).toBe(HystartPhase.Css);
    ack(0.05, true);
    expect(c.hystart.phase).toBe(HystartPhase.Done);
    expect(s.ssthresh).toBe(s.cwnd);
  });

  it('a loss ends HyStart++: slow start after a timeout is standard', () => {
    const c = cubic();
    const s = handState({ cwnd: 10, ssthresh: 1e9 });
    respond(c, s, CongestionEvent.Timeout);
    expect(c.hystart.phase).toBe(HystartPhase.Done);
  });
});
