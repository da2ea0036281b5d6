/**
 * The command's code cache (code-cache.ts), each load in a process of its
 * own as the command runs (within one process V8 keeps compiled scripts in
 * memory and never reads a cache): a second start takes its code from the
 * cache the first wrote; a cache that is corrupt, of another text of the
 * same length, or cannot be written changes nothing but the time.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheName, NOT_WRAPPED, WRAP_HEAD, WRAP_TAIL } from './code-cache';

const work = mkdtempSync(join(tmpdir(), 'tcplab-code-cache-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

// code-cache.ts as plain JavaScript, and a start of a command that loads a module with it.
const loader = join(work, 'code-cache.mjs');
buildSync({
  entryPoints: [resolve(__dirname, 'code-cache.ts')],
  outfile: loader,
  format: 'esm',
  platform: 'node',
  bundle: true,
  logLevel: 'error',
});
const start = join(work, 'start.mjs');
writeFileSync(
  start,
  `import { loadCachedCommonJs } from ${JSON.stringify(loader)};
const [file, cache] = process.argv.slice(2);
const m = loadCachedCommonJs(file, cache);
console.log(JSON.stringify({ fromCache: m.fromCache, cwnd: m.exports.cwnd(9), file: m.exports.file, saved: m.save() }));\n`,
);

function load(file: string, cache: string): { fromCache: boolean; cwnd: number; file: string; saved: boolean } {
  const r = spawnSync(process.execPath, [start, file, cache], { encoding: 'utf8', timeout: 20_000 });
  expect(r.signal).toBeNull();
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

/**
 * A CommonJS module wrapped as the build wraps sim-command.cjs: a function
 * of a loop (compiled when first called), its __filename, a require of Node's own.
 */
function moduleFile(dir: string, increment: number): string {
  const file = join(work, dir, 'mod.cjs');
  mkdirSync(join(work, dir), { recursive: true });
  writeFileSync(
    file,
    `${WRAP_HEAD}const { join } = require('node:path');
exports.cwnd = function (acked) { let w = 1; for (let i = 0; i < acked; i++) w += ${increment}; return w; };
exports.file = join(__dirname, 'mod.cjs') === __filename ? __filename : 'wrong';${WRAP_TAIL}`,
  );
  return file;
}

describe('loadCachedCommonJs', () => {
  it('runs the module, writes its cache once and takes the code from it at the next start', () => {
    const file = moduleFile('a', 1);
    const cache = join(work, 'a', 'cache');
    expect(load(file, cache)).toEqual({ fromCache: false, cwnd: 10, file, saved: true });
    expect(readdirSync(cache)).toHaveLength(1);
    expect(load(file, cache)).toEqual({ fromCache: true, cwnd: 10, file, saved: true });
  });

  it('names the cache after the text: an edit of the same length gets a cache of its own', () => {
    const file = moduleFile('b', 1);
    const cache = join(work, 'b-cache');
    const before = cacheName(file, readFileSync(file, 'utf8'));
    load(file, cache);
    moduleFile('b', 2); // same length, other text
    expect(cacheName(file, readFileSync(file, 'utf8'))).not.toBe(before);
    expect(load(file, cache)).toMatchObject({ fromCache: false, cwnd: 19 });
    expect(readdirSync(cache)).toHaveLength(2);
  });

  it('a corrupt cache is refused, the module still loads and the cache is written again', () => {
    const file = moduleFile('c', 1);
    const cache = join(work, 'c', 'cache');
    load(file, cache);
    const [name] = readdirSync(cache);
    writeFileSync(join(cache, name!), Buffer.alloc(4096, 7));
    expect(load(file, cache)).toMatchObject({ fromCache: false, cwnd: 10, saved: true });
    expect(load(file, cache)).toMatchObject({ fromCache: true, cwnd: 10 });
  });

  it('refuses a file that is not wrapped as the build wraps it', () => {
    const file = join(work, 'bare.cjs');
    writeFileSync(file, 'exports.cwnd = () => 1;\n');
    const r = spawnSync(process.execPath, [start, file, join(work, 'bare-cache')], {
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/bare\.cjs is not a module as the build wraps it/);
    expect(r.stderr).toMatch(new RegExp(NOT_WRAPPED));
  });

  it('a cache that cannot be written is skipped without an error', () => {
    const file = moduleFile('d', 1);
    const blocked = join(work, 'd', 'not-a-folder');
    writeFileSync(blocked, '');
    chmodSync(blocked, 0o444);
    expect(load(file, join(blocked, 'cache'))).toMatchObject({ fromCache: false, cwnd: 10, saved: false });
    // A folder that cannot be made, where Node's recursive mkdir would never return.
    if (existsSync('/proc/self'))
      expect(load(file, '/proc/no-such-folder/cache')).toMatchObject({ fromCache: false, cwnd: 10, saved: false });
  });
});
