/** The undo stack: linear history, redo cleared by a new edit, streams merged, a bounded length. */
import { describe, expect, it } from 'vitest';
import { emptyHistory, HISTORY_LIMIT, MERGE_MS, nextRedo, nextUndo, record, redo, undo, type History } from './history';

describe('undo history', () => {
  it('undoes and redoes in order, naming each step', () => {
    let h: History<string> = emptyHistory();
    h = record(h, 'a', 'Add node', 0);
    h = record(h, 'b', 'Move node', 10_000);
    expect(nextUndo(h)).toBe('Move node');
    const u1 = undo(h, 'c')!;
    expect(u1.state).toBe('b');
    const u2 = undo(u1.history, u1.state)!;
    expect(u2.state).toBe('a');
    expect(undo(u2.history, u2.state)).toBeNull();
    expect(nextRedo(u2.history)).toBe('Add node');
    const r1 = redo(u2.history, 'a')!;
    expect(r1.state).toBe('b');
    const r2 = redo(r1.history, r1.state)!;
    expect(r2.state).toBe('c');
    expect(redo(r2.history, r2.state)).toBeNull();
  });

  it('a new edit after an undo clears what could be redone', () => {
    let h: History<number> = record(emptyHistory(), 1, 'one', 0);
    h = undo(h, 2)!.history;
    expect(nextRedo(h)).toBe('one');
    h = record(h, 1, 'other', 5000);
    expect(nextRedo(h)).toBeNull();
    expect(nextUndo(h)).toBe('other');
  });

  it('merges a quick stream of edits with the same key into one step, back to the state before the first', () => {
    let h: History<number> = emptyHistory();
    h = record(h, 0, 'Move node r1', 0, 'nudge:r1');
    h = record(h, 10, 'Move node r1', 300, 'nudge:r1');
    h = record(h, 20, 'Move node r1', 600, 'nudge:r1');
    expect(h.past).toHaveLength(1);
    expect(undo(h, 30)!.state).toBe(0);
    // Too late, or another key: a step of its own.
    h = record(h, 30, 'Move node r1', 600 + MERGE_MS + 1, 'nudge:r1');
    h = record(h, 40, 'Move node h1', 600 + MERGE_MS + 2, 'nudge:h1');
    expect(h.past).toHaveLength(3);
  });

  it(`keeps the last ${HISTORY_LIMIT} steps`, () => {
    let h: History<number> = emptyHistory();
    for (let i = 0; i < HISTORY_LIMIT + 50; i++) h = record(h, i, `edit ${i}`, i * 10_000);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]!.state).toBe(50);
  });
});
