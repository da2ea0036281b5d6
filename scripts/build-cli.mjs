#!/usr/bin/env node
/**
 * Build the `tcplab` command into files that start with plain `node`:
 * build/tcplab.cjs (src/cli/tcplab-start.ts, the installed command's entry,
 * which runs `sim` and hands the rest to the next), build/tcplab.mjs
 * (src/cli/tcplab.ts, the command), build/sim-command.cjs (the `sim`
 * command's code, read through V8's code cache) and
 * build/sample-writer.cjs (src/cli/sample-writer-thread.ts, the code of the
 * thread that writes a run's sampled files, CommonJS so that the thread
 * starts without Node's loader for ES modules), with the code they share and
 * the code each command loads only when run in build/chunks/. Split so, a
 * `sim` run does not parse the sweeps' code (half the command), and the
 * writer thread loads a few tens of kilobytes rather than the whole command.
 * npm's `prepare` runs this after `npm ci`/`npm install`, and
 * `npm run build:cli` after an edit. src/cli/bundle.test.ts checks that the
 * files are what this build makes from today's sources, and that they run.
 *
 * Usage: node scripts/build-cli.mjs [--check]   (--check: compare, write nothing)
 */
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import {
  mkdtempSync,
  chmodSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build');
export const CLI_BUNDLE = join(out, 'tcplab.mjs');
/** The installed command's entry (package.json's bin): CommonJS, so that `sim` skips the ES module loader. */
export const CLI_START = join(out, 'tcplab.cjs');
/** Where the shared and the lazily loaded pieces go; nothing else is kept there. */
const CHUNKS = join(out, 'chunks');
/** Node's CommonJS wrapper, as src/cli/code-cache.ts expects it around sim-command.cjs. */
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const WRAP_TAIL = '\n})\n';
/** The `sim` command's code as one CommonJS file, and where its code cache goes. */
const SIM_COMMAND = join(out, 'sim-command.cjs');
/** The code of a run's sample writer thread (src/cli/sample-writer.ts). */
const SAMPLE_WRITER = join(out, 'sample-writer.cjs');
const CACHE = join(out, 'cache');

/**
 * `text` in ASCII: esbuild writes the code's strings and names in ASCII
 * already, so what is left is in comments (§, √, —), where an escape reads
 * the same; a string literal's or name's \\u escape would too. Read whole, an
 * ASCII file is a one-byte string in V8, half the memory of a two-byte one
 * (and young enough at start to make V8 keep a larger young generation).
 */
function ascii(text) {
  // Without the u flag each UTF-16 unit matches alone: a pair's two halves get an escape each.
  return text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** esbuild's options for one self-contained CommonJS file. */
function commonJs(entry, outfile) {
  return {
    entryPoints: [entry],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
  };
}

/** The command's files, built in memory: [path, text] pairs. */
export async function buildCli() {
  const result = await build({
    entryPoints: { tcplab: join(root, 'src', 'cli', 'tcplab.ts') },
    outdir: out,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give each module one.
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  });
  const sim = await build(commonJs(join(root, 'src', 'cli', 'sim-command.ts'), SIM_COMMAND));
  const start = await build(commonJs(join(root, 'src', 'cli', 'tcplab-start.ts'), CLI_START));
  const writer = await build(commonJs(join(root, 'src', 'cli', 'sample-writer-thread.ts'), SAMPLE_WRITER));
  const text = (f) =>
    f.path === CLI_BUNDLE || f.path === CLI_START
      ? `#!/usr/bin/env node\n${f.text}`
      : f.path === SIM_COMMAND
        ? `${WRAP_HEAD}${ascii(f.text)}${WRAP_TAIL}` // src/cli/code-cache.ts reads it so
        : f.text;
  return [...result.outputFiles, ...sim.outputFiles, ...start.outputFiles, ...writer.outputFiles]
    .map((f) => [f.path, text(f)])
    .sort(([a], [b]) => (a < b ? -1 : 1));
}

/**
 * Make the `sim` command's code cache: a 1 s run of the 22-flow dumbbell
 * compiles what a run of the classic variants uses. A failure costs only
 * the cache: the first run then makes it.
 */
function makeCodeCache() {
  rmSync(CACHE, { recursive: true, force: true });
  const work = mkdtempSync(join(tmpdir(), 'tcplab-cache-'));
  try {
    const r = spawnSync(
      process.execPath,
      [CLI_START, 'sim', join(root, 'bench', 'dumbbell-22.json'), '--duration', '1', '--out', work],
      { encoding: 'utf8', timeout: 60_000 },
    );
    if (r.status !== 0)
      console.warn(`build-cli: the code cache was not made (${(r.stderr || r.error?.message || '').trim()})`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Files in build/chunks/ that this build did not make (left by an earlier one). */
function stale(files) {
  const made = new Set(files.map(([file]) => file));
  return existsSync(CHUNKS)
    ? readdirSync(CHUNKS)
        .map((f) => join(CHUNKS, f))
        .filter((f) => !made.has(f))
    : [];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await buildCli();
  if (process.argv.includes('--check')) {
    let current = true;
    for (const [file, text] of files) {
      if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
      console.error(`${relative(root, file)} is missing or out of date: run npm run build:cli`);
      current = false;
    }
    for (const file of stale(files)) {
      console.error(`${relative(root, file)} is not part of the build: run npm run build:cli`);
      current = false;
    }
    process.exitCode = current ? 0 : 1;
  } else {
    mkdirSync(CHUNKS, { recursive: true });
    // The chunks first, the entries last: a command started meanwhile finds every piece it imports.
    const entriesLast = [...files].sort(([a], [b]) => Number(dirname(a) === out) - Number(dirname(b) === out));
    for (const [file, text] of entriesLast) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, text);
      chmodSync(tmp, file === CLI_BUNDLE || file === CLI_START ? 0o755 : 0o644);
      renameSync(tmp, file);
    }
    for (const file of stale(files)) rmSync(file, { force: true });
    makeCodeCache();
  }
}
