import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatIssues, parseScenario } from '../engine/scenario';
import {
  addFault,
  addFlow,
  addLink,
  addNode,
  asDoc,
  defaultFlowEnds,
  deleteFault,
  fieldText,
  fieldValue,
  moveNode,
  renameNode,
  setNodeKind,
  setDuration,
  setQueueType,
  setTcpParam,
  uniqueId,
  updateFlow,
  updateLink,
  updateQueue,
  updateScenario,
  type ScenarioDoc,
} from './edit-ops';
import { deleteFlow, deleteLink, deleteNode, deletionImpact, describeImpact } from './delete-ops';

const load = (name: string): ScenarioDoc => asDoc(JSON.parse(readFileSync(`scenarios/${name}.json`, 'utf8')));
const reno = () => load('single-drop-reno');
const dumbbell = () => load('dumbbell-udp');

/** The loader's verdict, as `path: message` lines (empty when valid). */
function problems(doc: ScenarioDoc): string[] {
  const r = parseScenario(doc);
  return r.ok ? [] : formatIssues(r.issues);
}

describe('edit-ops', () => {
  it('never mutates the scenario it is given', () => {
    const doc = reno();
    const frozen = JSON.stringify(doc);
    addNode(doc, 'router', { x: 1, y: 2 });
    moveNode(doc, 'r1', 5, 5);
    updateLink(doc, 'l2', { bandwidth: 'fast' });
    updateQueue(doc, 'l2', { limit: 3 });
    setQueueType(doc, 'l2', 'red');
    addFlow(doc, 'cbr', 'server', 'client');
    setTcpParam(doc, 'reno', ['vegas', 'alpha'], 2);
    deleteNode(doc, 'r1');
    renameNode(doc, 'r1', 'core');
    addFault(doc, { kind: 'linkDown', link: 'l1', at: 1, duration: 1 });
    expect(JSON.stringify(doc)).toBe(frozen);
  });

  it('adds nodes with fresh ids at whole-pixel positions', () => {
    const { doc, id } = addNode(reno(), 'router', { x: 410.6, y: 99.2 });
    expect(id).toBe('r2');
    expect(doc.nodes.at(-1)).toEqual({ id: 'r2', kind: 'router', x: 411, y: 99 });
    expect(addNode(doc, 'host', { x: 0, y: 0 }).id).toBe('h1');
    expect(uniqueId('l', ['l1', 'l3'])).toBe('l2');
    expect(problems(doc)).toEqual([]);
  });

  it('adds a link with the defaults of the contract and edits it, as written', () => {
    const added = addLink(addNode(reno(), 'router', { x: 0, y: 0 }).doc, 'r1', 'r2');
    let doc = added.doc;
    expect(added.id).toBe('l3');
    expect(doc.links.at(-1)).toEqual({ id: 'l3', a: 'r1', b: 'r2', bandwidth: '10Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } });
    doc = updateLink(doc, 'l3', { bandwidth: '1.5Mbps', delay: 0.02 });
    expect(doc.links[2]).toMatchObject({ bandwidth: '1.5Mbps', delay: 0.02 });
    expect(problems(doc)).toEqual([]);
    // A value the loader refuses is the loader's message, with the field path.
    expect(problems(updateLink(doc, 'l3', { bandwidth: 'fast' }))).toEqual([
      'links[2].bandwidth: must be a bandwidth such as "10Mbps" or a number of bit/s (got "fast")',
    ]);
    // Removing a field lets its default apply; a required one is then missing.
    expect(updateLink(doc, 'l3', { queue: undefined }).links[2]).not.toHaveProperty('queue');
  });

  it('switches queue types keeping the buffer, with RED parameters only for RED', () => {
    const red = setQueueType(reno(), 'l2', 'red');
    expect(red.links[1].queue).toEqual({
      type: 'red',
      limit: 50,
      minThresh: 5,
      maxThresh: 15,
      maxP: 0.1,
      weight: 0.002,
      gentle: true,
    });
    expect(problems(red)).toEqual([]);
    const small = setQueueType(updateQueue(reno(), 'l2', { limit: 6 }), 'l2', 'red');
    expect(small.links[1].queue).toMatchObject({ limit: 6, minThresh: 2, maxThresh: 6 });
    expect(problems(small)).toEqual([]);
    const back = setQueueType(updateQueue(red, 'l2', { limit: 20, gentle: false }), 'l2', 'droptail');
    expect(back.links[1].queue).toEqual({ type: 'droptail', limit: 20 });
    expect(problems(updateQueue(red, 'l2', { maxThresh: 60 }))).toEqual([
      expect.stringMatching(/^links\[1\]\.queue\.maxThresh: /),
    ]);
  });

  it('moves, re-kinds and renames nodes, renaming every reference', () => {
    let doc = moveNode(reno(), 'r1', 333.4, 120);
    expect(doc.nodes[1]).toEqual({ id: 'r1', kind: 'router', x: 333, y: 120 });
    doc = setNodeKind(doc, 'r1', 'host');
    expect(doc.nodes[1].kind).toBe('host');
    doc = addFault(reno(), { kind: 'dropBurst', link: 'l2', from: 'client', at: 1, count: 2 });
    doc = renameNode(doc, 'client', 'laptop');
    expect(doc.links[1]).toMatchObject({ a: 'r1', b: 'laptop' });
    expect(doc.flows[0]).toMatchObject({ from: 'server', to: 'laptop' });
    expect(doc.faults?.at(-1)).toMatchObject({ from: 'laptop' });
    expect(problems(doc)).toEqual([]);
    expect(problems(renameNode(reno(), 'client', 'server'))).toContainEqual(
      expect.stringMatching(/^nodes\[2\]\.id: duplicate id "server"/),
    );
    expect(() => moveNode(reno(), 'nope', 0, 0)).toThrow('there is no node "nope"');
  });

  it('deletes a node with its links, the flows that lose their route and their faults', () => {
    const doc = reno();
    const impact = deletionImpact(doc, { kind: 'node', id: 'r1' });
    expect(impact).toEqual({ nodes: ['r1'], links: ['l1', 'l2'], flows: ['reno'], faults: [0] });
    expect(describeImpact(impact, { kind: 'node', id: 'r1' })).toBe(
      'Also deletes links l1 and l2, flow reno and 1 fault.',
    );
    const after = deleteNode(doc, 'r1');
    expect(after.nodes.map((n) => n.id)).toEqual(['server', 'client']);
    expect(after.links).toEqual([]);
    expect(after.flows).toEqual([]);
    expect(after.faults).toEqual([]);
    expect(problems(after)).toEqual([]);
  });

  it('deleting a leaf keeps the flows that do not need it', () => {
    const doc = dumbbell();
    const impact = deletionImpact(doc, { kind: 'node', id: 'receiverB' });
    expect(impact).toEqual({ nodes: ['receiverB'], links: ['exitB'], flows: ['B'], faults: [] });
    expect(describeImpact(impact, { kind: 'node', id: 'receiverB' })).toBe('Also deletes link exitB and flow B.');
    const after = deleteNode(doc, 'receiverB');
    expect(after.flows.map((f) => f.id)).toEqual(['A']);
    expect(problems(after)).toEqual([]);
    expect(describeImpact(deletionImpact(after, { kind: 'flow', id: 'A' }), { kind: 'flow', id: 'A' })).toBe(
      'Nothing else refers to it.',
    );
  });

  it('deletes a link with the faults on it and the flows it carried alone', () => {
    let doc = addFault(reno(), { kind: 'linkDown', link: 'l2', at: 1, duration: 0.5 });
    // A second path server–r1: deleting l1 leaves the flow its route.
    doc = addLink(doc, 'server', 'r1').doc;
    expect(deletionImpact(doc, { kind: 'link', id: 'l1' })).toEqual({
      nodes: [],
      links: ['l1'],
      flows: [],
      faults: [],
    });
    const impact = deletionImpact(doc, { kind: 'link', id: 'l2' });
    expect(impact).toEqual({ nodes: [], links: ['l2'], flows: ['reno'], faults: [0, 1] });
    const after = deleteLink(doc, 'l2');
    expect(after.links.map((l) => l.id)).toEqual(['l1', 'l3']);
    expect(problems(after)).toEqual([]);
  });

  it('adds TCP and CBR flows between connected nodes and edits them', () => {
    let doc = dumbbell();
    expect(defaultFlowEnds(doc)).toEqual({ from: 'senderA', to: 'receiverA' });
    const tcp = addFlow(doc, 'tcp', 'senderA', 'receiverB');
    expect(tcp.id).toBe('tcp1');
    doc = tcp.doc;
    expect(doc.flows.at(-1)).toEqual({
      id: 'tcp1',
      kind: 'tcp',
      variant: 'reno',
      from: 'senderA',
      to: 'receiverB',
      start: 0,
      stop: null,
      bytes: null,
      packetSize: 1000,
    });
    const cbr = addFlow(doc, 'cbr', 'senderB', 'receiverA');
    expect(cbr.doc.flows.at(-1)).toMatchObject({ id: 'cbr1', kind: 'cbr', rate: '800kbps' });
    doc = updateFlow(cbr.doc, 'tcp1', { variant: 'cubic', bytes: '3MB', stop: 12 });
    expect(problems(doc)).toEqual([]);
    expect(problems(updateFlow(doc, 'tcp1', { variant: 'rneo' }))).toEqual([
      expect.stringMatching(/^flows\[2\]\.variant: unknown variant "rneo"/),
    ]);
    expect(problems(updateFlow(doc, 'tcp1', { stop: 0 }))).toEqual([expect.stringMatching(/^flows\[2\]\.stop: /)]);
  });

  it('sets advanced TCP parameters, dropping what returns to the default', () => {
    let doc = setTcpParam(reno(), 'reno', ['vegas', 'alpha'], 2);
    expect(doc.flows[0].tcp).toEqual({ window: 32, vegas: { alpha: 2 } });
    doc = setTcpParam(doc, 'reno', ['vegas', 'alpha'], undefined);
    expect(doc.flows[0].tcp).toEqual({ window: 32 });
    doc = setTcpParam(doc, 'reno', ['window'], undefined);
    expect(doc.flows[0]).not.toHaveProperty('tcp');
    expect(problems(setTcpParam(doc, 'reno', ['minRto'], 0))).toEqual([
      expect.stringMatching(/^flows\[0\]\.tcp\.minRto: /),
    ]);
  });

  it('deleting a flow removes its dropSegments faults only', () => {
    const doc = addFault(reno(), { kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.01 });
    const after = deleteFlow(doc, 'reno');
    expect(after.flows).toEqual([]);
    expect(after.faults).toEqual([{ kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.01 }]);
    expect(deleteFault(doc, 0).faults).toEqual([{ kind: 'randomLoss', link: 'l2', from: 'r1', rate: 0.01 }]);
    expect(() => deleteFault(doc, 5)).toThrow();
  });

  it('reads form text as the contract does', () => {
    expect(fieldValue(' 1500000 ')).toBe(1500000);
    expect(fieldValue('1e3')).toBe(1000);
    expect(fieldValue('.5')).toBe(0.5);
    expect(fieldValue('10Mbps')).toBe('10Mbps');
    expect(fieldValue('fast')).toBe('fast');
    expect(fieldValue('  ')).toBeUndefined();
    expect(fieldText(1500000)).toBe('1500000');
    expect(fieldText('10ms')).toBe('10ms');
    expect(fieldText(null)).toBe('');
    expect(fieldText(undefined)).toBe('');
  });

  it('edits top-level fields; a measurement window to the end follows a new duration', () => {
    const doc = setDuration(updateScenario(reno(), { name: 'Mine' }), 5);
    expect(doc).toMatchObject({ name: 'Mine', duration: 5, measure: { from: 0, to: 5 } });
    expect(problems(doc)).toEqual([]);
    const fixed = setDuration(updateScenario(reno(), { measure: { from: 0, to: 4 } }), 8);
    expect(fixed.measure).toEqual({ from: 0, to: 4 });
    expect(problems(setDuration(reno(), 'soon'))).toContainEqual(expect.stringMatching(/^duration: /));
  });

  it('treats anything that is not a scenario as an empty one', () => {
    expect(asDoc(null)).toEqual({ nodes: [], links: [], flows: [] });
    expect(asDoc([1])).toEqual({ nodes: [], links: [], flows: [] });
  });
});
