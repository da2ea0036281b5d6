/** errorText: file system errors in words, with the code kept; other errors as they are. */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { errorText } from './file-error';

/** The error a call throws. */
function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('errorText', () => {
  const dir = mkdtempSync(join(tmpdir(), 'file-error-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('names what Node reports, without its path and system call', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    // --out naming a file: the folder cannot be made.
    const exists = thrown(() => mkdirSync(file, { recursive: true }));
    expect(errorText(exists)).toBe('a file of that name is in the way of a folder (EEXIST)');
    const missing = thrown(() => readFileSync(join(dir, 'none.json')));
    expect(errorText(missing)).toBe('no such file or folder (ENOENT)');
    const under = thrown(() => mkdirSync(join(file, 'out'), { recursive: true }));
    expect(errorText(under)).toBe('a part of the path is a file, not a folder (ENOTDIR)');
    const folder = thrown(() => readFileSync(dir));
    expect(errorText(folder)).toBe('a folder, not a file (EISDIR)');
  });

  it('keeps the message of an error without a known code', () => {
    expect(errorText(new Error('the run stopped'))).toBe('the run stopped');
    expect(errorText(Object.assign(new Error('odd'), { code: 'ESOMETHING' }))).toBe('odd');
    expect(errorText(Object.assign(new Error('x'), { code: 'toString' }))).toBe('x');
    expect(errorText('plain text')).toBe('plain text');
    expect(errorText(null)).toBe('null');
  });
});
