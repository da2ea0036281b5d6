#!/usr/bin/env node
/**
 * Build the `tcplab` command (src/cli/tcplab.ts) into one ES module,
 * build/tcplab.mjs, that starts with plain `node`: npm's `prepare` runs this
 * after `npm ci`/`npm install`, and `npm run build:cli` after an edit.
 * src/cli/bundle.test.ts checks that the file is what this build makes
 * from today's sources, and that it runs.
 *
 * Usage: node scripts/build-cli.mjs [--check]   (--check: compare, write nothing)
 */
import { build } from 'esbuild';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const CLI_BUNDLE = join(root, 'build', 'tcplab.mjs');

/** The bundle's text, built in memory. */
export async function buildCli() {
  const result = await build({
    entryPoints: [join(root, 'src', 'cli', 'tcplab.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    legalComments: 'none',
    logLevel: 'warning',
    // Bundled CommonJS dependencies may call require(); give the ES module one.
    banner: {
      js: "#!/usr/bin/env node\nimport { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);",
    },
  });
  return result.outputFiles[0].text;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = await buildCli();
  if (process.argv.includes('--check')) {
    const current = existsSync(CLI_BUNDLE) && readFileSync(CLI_BUNDLE, 'utf8') === text;
    if (!current) console.error(`${CLI_BUNDLE} is missing or out of date: run npm run build:cli`);
    process.exitCode = current ? 0 : 1;
  } else {
    mkdirSync(dirname(CLI_BUNDLE), { recursive: true });
    const tmp = `${CLI_BUNDLE}.${process.pid}.tmp`;
    writeFileSync(tmp, text);
    chmodSync(tmp, 0o755);
    renameSync(tmp, CLI_BUNDLE);
  }
}
