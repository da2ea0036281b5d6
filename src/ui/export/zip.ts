/**
 * Zip archives of text files (fflate). A module of its own, loaded by
 * `import()` when the first archive is made: fflate is not part of the page's
 * first load (e2e/bundle-size.spec.ts).
 */
import { strToU8, zipSync } from 'fflate';

/**
 * One .zip of several text files: a browser asks before letting a page
 * download several files at once, and students lose some; one archive is
 * one click.
 */
export function zipTextFiles(files: Record<string, string>, folder = ''): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [name, text] of Object.entries(files)) entries[folder ? `${folder}/${name}` : name] = strToU8(text);
  // A fixed date keeps the archive identical for identical runs.
  return zipSync(entries, { level: 6, mtime: new Date('2000-01-01T00:00:00Z') });
}
