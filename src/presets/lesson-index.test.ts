import { describe, expect, it } from 'vitest';
import { LESSONS } from './lessons';
import { isLessonId, isLessonRunId, LESSON_RUNS } from './lesson-index';

describe('lesson index', () => {
  it('names every lesson and its runs, in order, and nothing else', () => {
    expect(Object.entries(LESSON_RUNS)).toEqual(LESSONS.map((l) => [l.id, l.runs.map((r) => r.id)]));
  });

  it('answers as the lessons do, and not for names inherited by every object', () => {
    expect(isLessonId('one-loss')).toBe(true);
    expect(isLessonId('toString')).toBe(false);
    expect(isLessonId('__proto__')).toBe(false);
    expect(isLessonRunId('one-loss', 'sack')).toBe(true);
    expect(isLessonRunId('one-loss', 'bbr')).toBe(false);
    expect(isLessonRunId('constructor', 'length')).toBe(false);
  });
});
