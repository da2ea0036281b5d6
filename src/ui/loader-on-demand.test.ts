/**
 * The page's parser before and after the loader arrives: the default
 * example's verdict made at build time, "cannot be checked yet" for anything
 * else, then the loader itself with its own messages and paths.
 */
import { describe, expect, it } from 'vitest';
import singleDropReno from '../../scenarios/single-drop-reno.json';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkedModule, literal } from '../../scripts/checked-scenario';
import { parsePageScenario } from './page-budget';
import { createLabStore } from '../store/lab-store';
import { loadedLoader, loadLoader, needsLoaderFirst, NOT_LOADED_YET, pageParser, retryNotLoaded } from './loader-on-demand';

const checked = { input: singleDropReno, verdict: parsePageScenario(singleDropReno) };
const bad = { ...singleDropReno, duration: '-3 s' };

describe('the page parser', () => {
  const store = createLabStore(pageParser([checked]));
  it('before the loader: the checked verdict for the default, a fresh copy each time, and "not yet" for the rest', () => {
    expect(loadedLoader()).toBeNull();
    const parser = pageParser([checked]);
    const a = parser.parse(singleDropReno);
    const b = parser.parse(JSON.parse(JSON.stringify(singleDropReno)));
    expect(a).toEqual(checked.verdict);
    expect(b).toEqual(checked.verdict);
    expect(a).not.toBe(checked.verdict);
    expect(a.ok && b.ok && a.scenario !== b.scenario).toBe(true);
    expect(parser.parse(bad)).toEqual({ ok: false, issues: [{ path: '(scenario)', message: NOT_LOADED_YET }], warnings: [] });
    expect(parser.parseText('{}')).toMatchObject({ ok: false, issues: [{ message: NOT_LOADED_YET }] });
    expect(parser.formatIssues([{ path: 'duration', message: 'must be positive' }])).toEqual(['duration: must be positive']);
    // the default opens; a value typed now is kept, refused as not checked yet
    store.getState().setEntries([{ key: 'single-drop-reno', label: 'Single drop', input: singleDropReno, origin: 'preset' }]);
    expect(store.getState().selectScenario('single-drop-reno')).toBe(true);
    const typed = store.getState().setField('Duration', { target: { on: 'run' }, field: ['duration'] }, '7', 7);
    expect(typed).toMatchObject({ ok: false, issues: [{ message: NOT_LOADED_YET }] });
    expect(store.getState().pending.map((p) => p.text)).toEqual(['7']);
  });

  it('after the loader: its verdicts, with its messages and field paths; values typed before it are tried again', async () => {
    const parser = pageParser([checked]);
    await loadLoader();
    retryNotLoaded(store);
    expect(store.getState().pending).toEqual([]);
    expect(store.getState().edited?.duration).toBe(7);
    expect(loadedLoader()).not.toBeNull();
    const r = parser.parse(bad);
    expect(r).toEqual(parsePageScenario(bad));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.issues.map((i) => i.path)).toContain('duration');
    expect(parser.parseText('{ "nodes": [')).toMatchObject({ ok: false, issues: [{ path: '(file)' }] });
    expect(parser.parse(singleDropReno)).toEqual(checked.verdict);
  });
});

describe('the verdict made at build time', () => {
  it('is the loader’s, exactly', () => {
    const code = checkedModule(new URL('../../scenarios/single-drop-reno.json', import.meta.url).pathname);
    const literal = code.slice(code.indexOf('verdict: ') + 'verdict: '.length, code.lastIndexOf(' };'));
    expect(new Function(`return (${literal});`)()).toEqual(checked.verdict);
    expect(code).toMatch(/^import input from ".*single-drop-reno\.json";\n/);
  });

  it('keeps what JSON cannot hold, and refuses what is not plain data', () => {
    const value = { a: [Infinity, -Infinity, -0, 1.5e-9, undefined], b: 'x"y', c: null, d: { e: true } };
    const back = new Function(`return (${literal(value)});`)() as typeof value;
    expect(back).toEqual(value);
    expect(Object.is(back.a[2], -0)).toBe(true);
    expect(Number.isNaN(new Function(`return ${literal(NaN)};`)())).toBe(true);
    expect(() => literal({ t: new Float64Array(2) })).toThrow(/verdict\.t: \[object Float64Array\] is not plain data/);
    expect(() => literal(new Map())).toThrow(/not plain data/);
  });

  it('stops the build for a file the page cannot open, naming its issues', () => {
    const dir = mkdtempSync(join(tmpdir(), 'checked-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify(bad));
    expect(() => checkedModule(file)).toThrow(/bad\.json is not a scenario the page can open:\n {2}duration: /);
  });
});

describe('whether the page needs the loader before it opens', () => {
  const none = { drafts: [], mine: [], current: null };
  const entry = { key: 'mine:1', label: 'Mine', input: {}, origin: 'mine' as const };
  it('not for a first visit or a return to the unedited default', () => {
    expect(needsLoaderFirst('', none, 'single-drop-reno')).toBe(false);
    expect(needsLoaderFirst('#', none, 'single-drop-reno')).toBe(false);
    expect(needsLoaderFirst('', { ...none, current: { key: 'single-drop-reno' } }, 'single-drop-reno')).toBe(false);
  });
  it('for a link, kept work or another scenario open last time', () => {
    expect(needsLoaderFirst('#v=experiment', none, 'single-drop-reno')).toBe(true);
    expect(needsLoaderFirst('#p=single-drop-reno', none, 'single-drop-reno')).toBe(true);
    expect(needsLoaderFirst('', { ...none, mine: [entry] }, 'single-drop-reno')).toBe(true);
    expect(needsLoaderFirst('', { ...none, current: { key: 'dumbbell-udp' } }, 'single-drop-reno')).toBe(true);
  });
});
