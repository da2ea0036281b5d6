/**
 * Scenario files checked at build time: `import checked from
 * './x.json?checked'` gives `{ input, verdict }`, the file as written (the
 * same module as a plain `import './x.json'`) and the page loader's verdict
 * on it (src/ui/page-budget.ts: the scenario loader, then the page's memory
 * budget), computed while the page is built and shipped as a literal. The
 * build's plugin (vite.config.ts, checkedScenarios) runs
 * scripts/check-scenario.ts, which prints the module made here.
 *
 * Why: the Lab opens on its default example, and checking it in the browser
 * would put the loader (zod and the schema, about 27 kB gzip) into the page's
 * first load. With the verdict made here the Lab opens without it, and the
 * loader is fetched on demand (src/ui/loader-on-demand.ts). A file the
 * loader refuses fails the build, so the page never ships an example it
 * could not open.
 */
import { readFileSync } from 'node:fs';
import { parsePageScenario } from '../src/ui/page-budget';
import type { ParseResult } from '../src/engine/scenario/types';

/**
 * A JavaScript expression for `value`, exact for everything JSON cannot hold
 * (Infinity, NaN, −0, undefined); throws for anything that is not plain data,
 * so that what ships is never a lossy copy of the verdict.
 */
export function literal(value: unknown, path = 'verdict'): string {
  if (value === undefined) return 'undefined';
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return 'NaN';
    if (value === Infinity) return 'Infinity';
    if (value === -Infinity) return '-Infinity';
    if (Object.is(value, -0)) return '-0';
    return String(value);
  }
  if (Array.isArray(value)) {
    if (Object.keys(value).length !== value.length) throw new Error(`${path}: a sparse array or one with extra keys`);
    return `[${value.map((v, i) => literal(v, `${path}[${i}]`)).join(',')}]`;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${literal(v, `${path}.${k}`)}`).join(',')}}`;
  }
  throw new Error(`${path}: ${Object.prototype.toString.call(value)} is not plain data`);
}

/** The checked module's code for the scenario file at `file`, or an error naming the loader's issues. */
export function checkedModule(file: string): string {
  const input = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  const verdict: ParseResult = parsePageScenario(input);
  if (!verdict.ok) {
    const lines = verdict.issues.map((i) => `  ${i.path}: ${i.message}`).join('\n');
    throw new Error(`${file} is not a scenario the page can open:\n${lines}`);
  }
  return `import input from ${JSON.stringify(file)};\nexport default { input, verdict: ${literal(verdict)} };\n`;
}
