/**
 * Opening sweep files in the page: inline bases run as written; a base given
 * as a path resolves only to scenarios the page carries; everything else is
 * refused with the field named.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { smallSweep } from '../../experiment/test-fixtures';
import { PRESET_FILES } from '../../presets/catalog';
import { openSweepText, presetBaseLoader } from './open-sweep';

const examples = [{ key: 'dumbbell-udp', label: 'Dumbbell', input: JSON.parse(readFileSync('scenarios/dumbbell-udp.json', 'utf8')) as unknown, origin: 'preset' as const }];

describe('opening a sweep file', () => {
  it('runs an inline base as written, counting points × repetitions', () => {
    const text = JSON.stringify(smallSweep());
    const opened = openSweepText(text);
    expect(opened).toMatchObject({ ok: true, runs: 12 });
    if (opened.ok) expect(opened.file).toEqual(JSON.parse(text));
  });

  it('resolves a base path to a preset file, an example scenario or a preset id', () => {
    const first = PRESET_FILES[0]!;
    expect(presetBaseLoader(`../scenarios/${first.file}`, examples)).toEqual({ ok: true, json: first.json, source: `scenarios/${first.file}` });
    expect(presetBaseLoader('../scenarios/dumbbell-udp.json', examples)).toEqual({ ok: true, json: examples[0]!.input, source: 'scenarios/dumbbell-udp.json' });
    const byId = presetBaseLoader((first.json as { ui: { preset: string } }).ui.preset, examples);
    expect(byId.ok && byId.json).toEqual(first.json);
  });

  it('opens the runner’s own example sweep, whose base is a path', () => {
    const opened = openSweepText(readFileSync('sweeps/paper-000-udp-rate.json', 'utf8'));
    expect(opened).toMatchObject({ ok: true, runs: 25 });
  });

  it('refuses an unknown path at "base", a bad field by its path, and text that is not JSON', () => {
    const unknown = openSweepText(JSON.stringify({ ...smallSweep(), base: '/home/me/my-net.json' }));
    expect(unknown.ok).toBe(false);
    if (!unknown.ok) expect(unknown.lines[0]).toMatch(/^base: the page reads no files by path: "\/home\/me\/my-net.json"/);
    const bad = openSweepText(JSON.stringify({ ...smallSweep(), repetitions: 0 }));
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.lines.join('\n')).toMatch(/^repetitions: /m);
    const broken = openSweepText('{"version": 1,');
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.lines[0]).toMatch(/^\(file\): /);
  });
});
