import { describe, expect, it } from 'vitest';
import type { EventRow } from '../../engine/output/rundata';
import { ALL_EVENTS, filterEvents, visibleWindow } from './event-filter';

const row = (flow: string, event: string): EventRow => ({ time_s: 0, flow, event, detail: '' }) as unknown as EventRow;
const rows = [row('a', 'drop'), row('b', 'drop'), row('a', 'fast_retransmit'), row('', 'link_down'), row('a', 'drop')];

describe('filterEvents', () => {
  it('keeps everything without a filter', () => {
    expect(filterEvents(rows, ALL_EVENTS)).toEqual([0, 1, 2, 3, 4]);
  });
  it('filters by flow, by kind, and by both', () => {
    expect(filterEvents(rows, { flow: 'a', kind: null })).toEqual([0, 2, 4]);
    expect(filterEvents(rows, { flow: null, kind: 'drop' })).toEqual([0, 1, 4]);
    expect(filterEvents(rows, { flow: 'a', kind: 'drop' })).toEqual([0, 4]);
    expect(filterEvents(rows, { flow: '', kind: null })).toEqual([3]);
  });
});

describe('visibleWindow', () => {
  it('covers the viewport plus the overscan, within the list', () => {
    expect(visibleWindow(1000, 0, 100, 20, 2)).toEqual([0, 7]);
    expect(visibleWindow(1000, 400, 100, 20, 2)).toEqual([18, 27]);
    // scrolled past a list that shrank (a filter): still a valid range at its end
    expect(visibleWindow(10, 400, 100, 20, 2)).toEqual([9, 10]);
    expect(visibleWindow(0, 0, 100, 20)).toEqual([0, 0]);
  });
});
