/**
 * Warnings as the page reads them: from the loader's answer when it has
 * them (made up here: the loader's own rules are not the page's business),
 * nothing when it has none, and never a reason to stop a run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario, parseScenarioText } from '../engine/scenario';
import type { ParseResult } from '../engine/scenario/types';
import { addNode } from './edit-ops';
import { createLabStore } from './lab-store';
import { selectBlocked } from './selectors';
import { warningsOf } from './warnings';

const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as unknown;
const unusedLink = { path: 'links[0]', message: 'no flow uses this link' };

describe('warnings', () => {
  it('are read from the loader’s answer, valid or not; an answer without them has none', () => {
    const ok = parseScenario(input);
    expect(warningsOf(ok)).toEqual([]);
    expect(warningsOf({ ...ok, warnings: [unusedLink] } as unknown as ParseResult)).toEqual([unusedLink]);
    expect(warningsOf({ ok: false, issues: [], warnings: [unusedLink] } as ParseResult)).toEqual([unusedLink]);
    // Anything malformed is left out rather than shown wrongly.
    expect(
      warningsOf({ ok: false, issues: [], warnings: [{ path: 3 }, null, unusedLink] } as unknown as ParseResult),
    ).toEqual([unusedLink]);
    expect(warningsOf(null)).toEqual([]);
  });

  it('follow the scenario as edited in the store and never block Play', () => {
    let warn = true;
    const parse = (x: unknown): ParseResult => {
      const r = parseScenario(x);
      return (warn ? { ...r, warnings: [unusedLink] } : r) as unknown as ParseResult;
    };
    const s = createLabStore({ parse, parseText: parseScenarioText, formatIssues });
    s.getState().setEntries([{ key: 'reno', label: 'Reno', input, origin: 'preset' }]);
    s.getState().selectScenario('reno');
    expect(s.getState().warnings).toEqual([unusedLink]);
    expect(selectBlocked(s.getState())).toBe(false);
    warn = false;
    s.getState().edit('Add a host', (d) => addNode(d, 'host', { x: 1, y: 1 }).doc);
    expect(s.getState().warnings).toEqual([]);
    s.getState().undo();
    expect(s.getState().warnings).toEqual([]); // judged again by the loader as it is now
  });
});
