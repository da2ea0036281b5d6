import { describe, expect, it } from 'vitest';
import { chosenQueue } from './queue-chart';

const ids = [
  { link: 'l1', from: 'a', to: 'b' },
  { link: 'l1', from: 'b', to: 'a' },
  { link: 'l2', from: 'b', to: 'c' },
  { link: 'l2', from: 'c', to: 'b' },
];

describe('chosenQueue', () => {
  it('shows the direction selected in the editor: the link, leaving `from`', () => {
    expect(chosenQueue(ids, { link: 'l2', from: 'c' }, 0)).toEqual({ index: 3, selected: true });
    expect(chosenQueue(ids, { link: 'l1', from: 'a' }, 2)).toEqual({ index: 0, selected: true });
  });

  it('falls back to the busiest direction without a selection or for an unknown link', () => {
    expect(chosenQueue(ids, null, 2)).toEqual({ index: 2, selected: false });
    expect(chosenQueue(ids, { link: 'gone', from: 'a' }, 1)).toEqual({ index: 1, selected: false });
  });
});
