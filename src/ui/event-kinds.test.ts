/** The page's list of event kinds is the engine's, each with words of its own. */
import { describe, expect, it } from 'vitest';
import { EVENT_NAMES } from '../engine/output/event-log';
import { EVENT_KINDS, eventLabel } from './event-kinds';

describe('event kinds on the page', () => {
  it('lists every kind events.csv can hold, in the engine order', () => {
    expect(EVENT_KINDS).toEqual(EVENT_NAMES.slice(1));
    expect(EVENT_KINDS).toContain('hystart_resume');
  });

  it('gives each kind its own words, and spells out a name it does not know', () => {
    for (const kind of EVENT_KINDS) expect(eventLabel(kind)).not.toBe(kind.replace(/_/g, ' '));
    expect(eventLabel('fast_retransmit')).toBe('Fast retransmit');
    expect(eventLabel('end')).toBe('End of run');
    expect(eventLabel('some_new_kind')).toBe('some new kind');
  });
});
