/**
 * What the built page (dist/) fetches before the Lab is interactive, read
 * from the build's own files: index.html, the entry script, every chunk it
 * imports statically or index.html preloads (followed through their own
 * static imports), the stylesheets index.html names, and the engine worker
 * the Lab starts at once (src/worker/worker.ts, built as `worker-<hash>.js`)
 * with its static imports. Chunks reached only by `import()` (the Lessons
 * and Experiment views, panels opened on demand) and the other workers
 * (lessons, sweeps, paper tables: started by their views) are not in it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface LoadedFile {
  file: string;
  bytes: number;
  gzip: number;
}

/** `import … from"./x.js"` and `import"./x.js"`, not `import("./x.js")`. */
const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g;
/** The engine worker's URL as Vite writes it: new URL(`worker-<hash>.js`, import.meta.url). */
const ENGINE_WORKER = /new URL\(\s*["'`](?:[^"'`]*\/)?(worker-[^"'`/]+\.js)["'`]\s*,\s*import\.meta\.url/g;

export function initialLoad(dist: string): LoadedFile[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const seen = new Set<string>(['index.html']);
  const queue = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="\.\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*href="\.\/([^"]+)"/g),
    ...html.matchAll(/<link rel="stylesheet"[^>]*href="\.\/([^"]+)"/g),
  ].map((m) => m[1]!);
  const add = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    queue.push(file);
  };
  while (queue.length > 0) {
    const file = queue.shift()!;
    seen.add(file);
    if (!file.endsWith('.js')) continue;
    const code = readFileSync(join(dist, file), 'utf8');
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/') + 1) : '';
    for (const m of code.matchAll(STATIC_IMPORT)) add(dir + m[1]!);
    for (const m of code.matchAll(ENGINE_WORKER)) add(dir + m[1]!);
  }
  return [...seen].map((file) => {
    const text = readFileSync(join(dist, file));
    return { file, bytes: text.length, gzip: gzipSync(text, { level: 9 }).length };
  });
}

export function describeLoad(files: readonly LoadedFile[]): string {
  const total = files.reduce((s, f) => s + f.gzip, 0);
  const rows = [...files].sort((a, b) => b.gzip - a.gzip).map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)}`);
  return `initial load ${(total / 1000).toFixed(1)} kB gzip: ${rows.join(', ')}`;
}
