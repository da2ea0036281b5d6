/**
 * The calendar queue against a reference that sorts by (time, sequence
 * number): for random interleavings of schedules, reserved sequence numbers
 * scheduled later, pops, bounded pops and peeks, at time scales that move
 * during a run (so the queue re-sizes and changes its bucket width), it must
 * pop exactly the reference's order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EventQueue } from './event-queue';

type Op =
  /** schedule at now + delta (times the present scale; a thousand times further when far), or before now when past */
  | { op: 'at'; delta: number; far: boolean; past: boolean }
  /** take a sequence number now, schedule it later */
  | { op: 'reserve' }
  | { op: 'late'; pick: number; delta: number }
  | { op: 'pop' }
  | { op: 'popUntil'; delta: number }
  | { op: 'peek' }
  | { op: 'scale'; exp: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      op: fc.constant('at' as const),
      delta: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 40 })),
      far: fc.boolean(),
      past: fc.boolean(),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('reserve' as const) }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('late' as const), pick: fc.nat(), delta: fc.integer({ min: 0, max: 3 }) }),
  },
  { weight: 10, arbitrary: fc.record({ op: fc.constant('pop' as const) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('popUntil' as const), delta: fc.integer({ min: 0, max: 40 }) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('peek' as const) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('scale' as const), exp: fc.integer({ min: 0, max: 24 }) }) },
);

/** Events as [time, seq, target]; the next one is the smallest (time, seq). */
class Reference {
  readonly events: [number, number, number][] = [];
  add(time: number, seq: number, target: number): void {
    this.events.push([time, seq, target]);
  }
  private minIndex(): number {
    let best = -1;
    for (let i = 0; i < this.events.length; i++) {
      const e = this.events[i]!;
      const b = best < 0 ? null : this.events[best]!;
      if (!b || e[0] < b[0] || (e[0] === b[0] && e[1] < b[1])) best = i;
    }
    return best;
  }
  peekTime(): number {
    const i = this.minIndex();
    return i < 0 ? Infinity : this.events[i]![0];
  }
  popUntil(limit: number): [number, number] | null {
    const i = this.minIndex();
    if (i < 0 || this.events[i]![0] > limit) return null;
    const [e] = this.events.splice(i, 1);
    return [e![0], e![2]];
  }
}

function replay(scaleExp: number, ops: Op[]): void {
  const q = new EventQueue(4);
  const ref = new Reference();
  let seq = 0;
  let now = 0;
  let scale = 2 ** scaleExp;
  let target = 0;
  const reserved: number[] = [];
  const check = (got: boolean, want: [number, number] | null) => {
    expect(got).toBe(want !== null);
    if (got && want) {
      expect([q.poppedTime, q.poppedTarget]).toEqual(want);
      now = want[0];
    }
  };
  for (const o of ops) {
    switch (o.op) {
      case 'at': {
        const t = o.past ? Math.max(0, now - o.delta * scale) : now + o.delta * scale * (o.far ? 1000 : 1);
        q.schedule(t, 1, target);
        ref.add(t, seq++, target++);
        break;
      }
      case 'reserve':
        reserved.push(q.reserve());
        seq++;
        break;
      case 'late': {
        if (reserved.length === 0) break;
        const [s] = reserved.splice(o.pick % reserved.length, 1);
        const t = now + o.delta * scale;
        q.scheduleAs(t, 2, target, s!);
        ref.add(t, s!, target++);
        break;
      }
      case 'pop':
        check(q.pop(), ref.popUntil(Infinity));
        break;
      case 'popUntil':
        check(q.popUntil(now + o.delta * scale), ref.popUntil(now + o.delta * scale));
        break;
      case 'peek':
        expect(q.peekTime()).toBe(ref.peekTime());
        break;
      case 'scale':
        scale = 2 ** o.exp;
        break;
    }
    expect(q.length).toBe(ref.events.length);
  }
  for (;;) {
    const want = ref.popUntil(Infinity);
    check(q.pop(), want);
    if (!want) break;
  }
}

describe('EventQueue (calendar) against a sort by (time, sequence number)', () => {
  it('pops in the reference order for random interleavings', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 24 }), fc.array(opArb, { minLength: 1, maxLength: 3000 }), replay),
      // A failing case of thousands of operations takes minutes to shrink: report it as found.
      { numRuns: 60, endOnFailure: true },
    );
  });

  it('pops in the reference order while the list grows to thousands of events and drains', () => {
    // Long runs of schedules then of pops, so the calendar doubles and halves its buckets.
    const grow = fc.array(
      opArb.filter((o) => o.op !== 'pop' && o.op !== 'popUntil'),
      { minLength: 500, maxLength: 2500 },
    );
    const drain = fc.array(
      opArb.filter((o) => o.op !== 'at' && o.op !== 'late'),
      { minLength: 500, maxLength: 2500 },
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 24 }),
        fc.array(fc.tuple(grow, drain), { minLength: 1, maxLength: 3 }),
        (exp, phases) =>
          replay(
            exp,
            phases.flatMap(([g, d]) => [...g, ...d]),
          ),
      ),
      { numRuns: 15, endOnFailure: true },
    );
  });
});
