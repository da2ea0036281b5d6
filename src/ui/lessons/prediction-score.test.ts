import { describe, expect, it } from 'vitest';
import type { StepQuestion } from './lesson-steps';
import { predictionScore } from './PredictPanel';

const q = (id: string, answer: string) => ({ question: { id, answer } }) as unknown as StepQuestion;

describe('predictionScore', () => {
  it('counts each question once, answered and right', () => {
    const asked = [q('a', 'Halve'), q('b', 'Drop to 1'), q('a', 'Halve'), q('c', 'Double')];
    expect(predictionScore(asked, {})).toEqual({ asked: 3, answered: 0, right: 0 });
    expect(predictionScore(asked, { a: 'Halve', b: 'Halve' })).toEqual({ asked: 3, answered: 2, right: 1 });
  });
});
