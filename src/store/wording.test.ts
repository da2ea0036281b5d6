/**
 * The wording table: one case per kind of message, with the loader's own
 * messages (so a change in the loader's words shows here) and, for warnings,
 * messages made up for the test (the loader's warnings are worded by the
 * same table, whatever they say).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseScenario } from '../engine/scenario';
import type { ScenarioIssue } from '../engine/scenario/types';
import { parsePath, wordIssue, type MessageKind } from './wording';

type Doc = Record<string, any>;
const base = (): Doc => JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8'));

/** The loader's first issue for the scenario changed by `change`, and that scenario. */
function issueOf(change: (d: Doc) => void): { issue: ScenarioIssue; doc: Doc } {
  const doc = base();
  change(doc);
  const r = parseScenario(doc);
  if (r.ok) throw new Error('expected the loader to refuse it');
  return { issue: r.issues[0]!, doc };
}

const cases: [MessageKind, string, (d: Doc) => void, string, string][] = [
  [
    'above',
    'zero bandwidth',
    (d) => (d.links[1].bandwidth = 0),
    'Link l2 → Bandwidth',
    'must be more than 0 — for example 10 Mbps',
  ],
  [
    'negative',
    'negative bandwidth',
    (d) => (d.links[1].bandwidth = '-1Mbps'),
    'Link l2 → Bandwidth',
    'must be more than 0 (it is negative) — for example 10 Mbps',
  ],
  [
    'form',
    'not a bandwidth',
    (d) => (d.links[1].bandwidth = 'fast'),
    'Link l2 → Bandwidth',
    'must be a bandwidth — for example 10 Mbps',
  ],
  [
    'units',
    'bytes for bits',
    (d) => (d.links[1].bandwidth = '10MBps'),
    'Link l2 → Bandwidth',
    'bandwidths are in bits: write "Mbps" or "Mb", not "MBps" (bytes)',
  ],
  ['min', 'negative seed', (d) => (d.seed = -1), 'Run → Seed', 'must be at least 0 — for example 1'],
  [
    'max',
    'probability above 1',
    (d) => (d.links[1].queue = { type: 'red', maxP: 2 }),
    'Link l2 → Max drop probability',
    'must be at most 1 — for example 0.1',
  ],
  ['type', 'a seed in words', (d) => (d.seed = 'x'), 'Run → Seed', 'must be a number — for example 1'],
  [
    'required',
    'a link without a delay',
    (d) => delete d.links[1].delay,
    'Link l2 → Delay',
    'is missing — for example 10 ms',
  ],
  [
    'unknown-ref',
    'a misspelt node',
    (d) => (d.links[1].b = 'clinet'),
    'Link l2 → End',
    'there is no node clinet — did you mean client?',
  ],
  [
    'duplicate',
    'two nodes called r1',
    (d) => (d.nodes[2].id = 'r1'),
    'Node r1 → Name',
    'another node is already called r1 — choose another name',
  ],
  [
    'no-route',
    'a flow to an island',
    (d) => {
      d.nodes.push({ id: 'x', kind: 'host' });
      d.flows[0].to = 'x';
    },
    'Flow reno',
    'no route from server to x — add links that join them, or choose other ends',
  ],
  [
    'same-ends',
    'a link from r1 to r1',
    (d) => (d.links[1].b = 'r1'),
    'Link l2 → End',
    'joins r1 to itself — choose another node',
  ],
  [
    'order',
    'a stop before the start',
    (d) => {
      d.flows[0].start = 5;
      d.flows[0].stop = 3;
    },
    'Flow reno → Stop',
    'must be later than Start (5 s)',
  ],
  [
    'samples',
    'a 2-day run at 10 ms',
    (d) => (d.duration = 172_800),
    'Run → Sample interval',
    'too fine for a 172,800 s run: it would keep 17,280,000 samples of each series, at most 2,000,000 — use at least 0.0864 s, or a shorter run',
  ],
  [
    'choice',
    'a misspelt variant',
    (d) => (d.flows[0].variant = 'rneo'),
    'Flow reno → Variant',
    '"rneo" is not one of the choices (tahoe, reno, newreno, sack, vegas, westwood, westwoodnr, cubic, bbr, dctcp) — did you mean reno?',
  ],
  [
    'unknown-field',
    'a misspelt field',
    (d) => (d.links[1].bandwith = 5),
    'Link l2 → bandwith',
    'is not a setting the lab knows — did you mean Bandwidth?',
  ],
];

describe('messages in the page’s words', () => {
  it.each(cases)('%s: %s', (kind, _what, change, where, message) => {
    const { issue, doc } = issueOf(change);
    const w = wordIssue(issue, doc);
    expect(w.kind).toBe(kind);
    expect(w.where).toBe(where);
    expect(w.message).toBe(message);
    expect(w.text).toBe(`${where}: ${message}`);
    // The loader's line stays for the details, and the path finds the control.
    expect(w.detail).toBe(`${issue.path}: ${issue.message}`);
    expect(w.severity).toBe('error');
  });

  it('sends an issue about a whole flow to the flow’s destination', () => {
    const { issue, doc } = issueOf((d) => {
      d.nodes.push({ id: 'x', kind: 'host' });
      d.flows[0].to = 'x';
    });
    expect(issue.path).toBe('flows[0]');
    expect(wordIssue(issue, doc).path).toBe('flows[0].to');
  });

  it('orders name fields as the page labels them (RED thresholds, measurement window, Vegas)', () => {
    const red = issueOf((d) => (d.links[1].queue = { type: 'red', limit: 50, minThresh: 20, maxThresh: 10 }));
    expect(wordIssue(red.issue, red.doc).text).toBe('Link l2 → Max threshold: must be at least Min threshold (20)');
    const measure = issueOf((d) => (d.measure = { to: 30 }));
    expect(wordIssue(measure.issue, measure.doc).text).toBe('Run → Measure until: must be at most the Duration (10 s)');
    const vegas = issueOf((d) => (d.flows[0].tcp = { vegas: { alpha: 5, beta: 2 } }));
    expect(wordIssue(vegas.issue, vegas.doc).text).toBe('Flow reno → Vegas β: must be at least Vegas α (5)');
  });

  it('words any message it does not know, naming the place (a new loader rule, a warning)', () => {
    const doc = base();
    const w = wordIssue(
      { path: 'flows[0].start', message: 'starts after the end of the run (20 s): the flow sends nothing (got 30 s)' },
      doc,
      'warning',
    );
    expect(w).toMatchObject({
      kind: 'other',
      where: 'Flow reno → Start',
      message: 'starts after the end of the run (20 s): the flow sends nothing',
      severity: 'warning',
      path: 'flows[0].start',
    });
    const link = wordIssue({ path: 'links[0]', message: 'no flow uses this link' }, doc, 'warning');
    expect(link.text).toBe('Link l1: no flow uses this link');
    const fault = wordIssue(
      { path: 'faults[0].seqs', message: 'segment 100 is never sent: the flow ends before it' },
      doc,
      'warning',
    );
    expect(fault.where).toBe('Fault 1 (drop segments) → Segments');
  });

  it('names places that are not fields of an item', () => {
    expect(wordIssue({ path: '(file)', message: 'is not valid JSON' }, null).text).toBe('File: is not valid JSON');
    expect(wordIssue({ path: '(first segment)', message: 'must be a whole number from 0 to 10000' }, null).where).toBe(
      'First segment',
    );
    expect(wordIssue({ path: 'durattion', message: 'unknown field; did you mean "duration"?' }, base()).text).toBe(
      'Scenario → durattion: is not a setting the lab knows — did you mean Duration?',
    );
    // An item the scenario does not have (any more) is named by its number.
    expect(
      wordIssue(
        { path: 'links[7].delay', message: 'is required: a time such as "10ms" or a number of seconds' },
        base(),
      ).where,
    ).toBe('Link 8 → Delay');
  });

  it('reads paths as the loader writes them', () => {
    expect(parsePath('links[1].queue.limit')).toEqual(['links', 1, 'queue', 'limit']);
    expect(parsePath('flows[0].tcp.vegas.alpha')).toEqual(['flows', 0, 'tcp', 'vegas', 'alpha']);
    expect(parsePath('ui["odd key"]')).toEqual(['ui', 'odd key']);
    expect(parsePath('(scenario)')).toBeNull();
  });
});
