/**
 * The page's model and stores (src/store) stand on their own: no React, no
 * component, nothing from src/ui. React binds to them from src/ui
 * (lab-context.tsx, use-lesson.ts), so a test, a worker or the command line
 * can use them as they are.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const imports = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('src/store', () => {
  const files = sources('src/store');

  it('has model files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files)('%s imports no React and nothing from the UI', (file) => {
    expect(file.endsWith('.tsx')).toBe(false);
    const bad = imports(readFileSync(file, 'utf8')).filter(
      (spec) => spec === 'react' || spec.startsWith('react-dom') || spec === 'zustand' || /(^|\/)ui\//.test(spec),
    );
    expect(bad).toEqual([]);
  });
});
