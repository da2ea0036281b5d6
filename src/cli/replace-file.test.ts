/** replaceFile: the new file in place, the old one gone, and nothing lost when the move fails. */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { replaceFile } from './replace-file';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tcplab-replace-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('replaceFile', () => {
  it.each([
    ['moves a file to a free name', null],
    ['replaces a previous file and leaves nothing beside it', 'old'],
  ])('%s', (_, previous) => {
    if (previous !== null) writeFileSync(join(dir, 'a.csv'), previous);
    writeFileSync(join(dir, 'a.partial'), 'new');
    replaceFile(join(dir, 'a.partial'), join(dir, 'a.csv'));
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['a.csv']);
  });

  it('keeps the previous file when the new one is missing', () => {
    writeFileSync(join(dir, 'a.csv'), 'old');
    expect(() => replaceFile(join(dir, 'gone.partial'), join(dir, 'a.csv'))).toThrow(/ENOENT/);
    expect(readFileSync(join(dir, 'a.csv'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['a.csv']);
  });

  it('does not move a folder of that name aside: the rename fails as it would have', () => {
    mkdirSync(join(dir, 'a.csv'));
    writeFileSync(join(dir, 'a.partial'), 'new');
    expect(() => replaceFile(join(dir, 'a.partial'), join(dir, 'a.csv'))).toThrow(/EISDIR/);
    expect(readdirSync(dir).sort()).toEqual(['a.csv', 'a.partial']);
  });
});
