import { describe, expect, it } from 'vitest';
import { segmentList, tidyCaption } from './step-captions';

describe('step captions', () => {
  it('list segments and tidy the engine’s sentences', () => {
    expect(segmentList([104, 100, 102])).toBe('100, 102 and 104');
    expect(segmentList([5, 6, 7, 8, 10])).toBe('5–8 and 10');
    expect(segmentList([1])).toBe('1');
    expect(tidyCaption('Lost: it was down.. retransmission timer expired')).toBe('Lost: it was down. Retransmission timer expired.');
  });
});
