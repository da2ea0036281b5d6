#!/usr/bin/env node
/**
 * `npm run lint`: ESLint (eslint.config.js) over the whole tree, then
 * Prettier's check (.prettierrc.json) over the directories in FORMATTED.
 * `npm run format`: Prettier rewrites those. `npm test` runs the lint.
 *
 * LINTED is what ESLint covers: everything (eslint.config.js ignores the
 * build and test output). FORMATTED is what Prettier covers: the directories
 * already in its format. src/ui, src/store, e2e and the entry files in src/
 * join it once the branches open on them have landed; formatting them now
 * would rewrite every line those branches change (then FORMATTED can simply
 * be ['.'] too).
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LINTED = ['.'];

export const FORMATTED = [
  'src/engine',
  'src/cli',
  'src/experiment',
  'src/presets',
  'src/worker',
  'tests',
  'validation',
  'scripts',
  'bench',
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const bin = (rel) => join(root, 'node_modules', rel);
/** Prettier formats the code; the data in these directories (scenarios, reference CSVs, generated JSON) is left as written. */
const code = FORMATTED.map((d) => `${d}/**/*.{ts,tsx,js,mjs}`);

function run(script, args) {
  const r = spawnSync(process.execPath, [bin(script), ...args], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (process.argv.includes('--format')) {
  run('prettier/bin/prettier.cjs', ['--write', '--log-level', 'warn', ...code]);
} else {
  run('eslint/bin/eslint.js', ['--max-warnings', '0', ...LINTED]);
  run('prettier/bin/prettier.cjs', ['--check', '--log-level', 'warn', ...code]);
}
