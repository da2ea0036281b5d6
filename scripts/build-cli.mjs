#!/usr/bin/env node
/**
 * Build the `tcplab` command into ES modules that start with plain `node`:
 * build/tcplab.mjs (src/cli/tcplab.ts, the command) and
 * build/sample-writer.mjs (src/cli/sample-writer-thread.ts, the code of the
 * thread that writes a run's sampled files: a few kilobytes, so that thread
 * does not load the whole command). npm's `prepare` runs this after
 * `npm ci`/`npm install`, and `npm run build:cli` after an edit.
 * src/cli/bundle.test.ts checks that the files are what this build makes
 * from today's sources, and that they run.
 *
 * Usage: node scripts/build-cli.mjs [--check]   (--check: compare, write nothing)
 */
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'build');
export const CLI_BUNDLE = join(out, 'tcplab.mjs');

/** Each output file of the command, from its entry point. */
const ENTRIES = [
  { file: CLI_BUNDLE, entry: join(root, 'src', 'cli', 'tcplab.ts'), shebang: true },
  { file: join(out, 'sample-writer.mjs'), entry: join(root, 'src', 'cli', 'sample-writer-thread.ts'), shebang: false },
];

async function bundle({ entry, shebang }) {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give the ES module one.
    banner: {
      js: `${shebang ? '#!/usr/bin/env node\n' : ''}import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);`,
    },
  });
  return result.outputFiles[0].text;
}

/** The command's files, built in memory: [path, text] pairs. */
export async function buildCli() {
  return Promise.all(ENTRIES.map(async (e) => [e.file, await bundle(e)]));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = await buildCli();
  if (process.argv.includes('--check')) {
    let current = true;
    for (const [file, text] of files) {
      if (existsSync(file) && readFileSync(file, 'utf8') === text) continue;
      console.error(`${file} is missing or out of date: run npm run build:cli`);
      current = false;
    }
    process.exitCode = current ? 0 : 1;
  } else {
    mkdirSync(out, { recursive: true });
    for (const [file, text] of files) {
      const tmp = `${file}.${process.pid}.tmp`;
      writeFileSync(tmp, text);
      chmodSync(tmp, 0o755);
      renameSync(tmp, file);
    }
  }
}
