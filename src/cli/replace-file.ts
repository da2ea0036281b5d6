/**
 * A finished run's file moved into place over the one a previous run left.
 *
 * A plain rename over an existing file is atomic, but on ext4 (its default
 * `auto_da_alloc`) a rename that replaces a file makes the kernel start
 * writing the new file's data to disk inside the rename, so that a crash
 * right after cannot leave an empty file under the old name: 6–13 ms for
 * the 9 and 17 MB files of the 22-flow, 100 s dumbbell, on the run's thread,
 * each time it is run again into the same folder. The old file is renamed
 * aside first instead, the new one renamed to a name now free, and the old
 * one removed: 1–4 ms. The price is a moment (two renames apart) in which
 * the name is missing, and, should the process die in it, the previous
 * file left as `<name>.replaced` beside the new partial one. Node-only.
 */
import { lstatSync, renameSync, rmSync } from 'node:fs';

/** Suffix of a previous run's file while it is being replaced. */
export const REPLACED_SUFFIX = '.replaced';

/** Move `from` to `to`, replacing a file there (not a folder: that stays an error, as with a rename). */
export function replaceFile(from: string, to: string): void {
  const aside = to + REPLACED_SUFFIX;
  let moved = false;
  try {
    if (lstatSync(to).isFile()) {
      renameSync(to, aside);
      moved = true;
    }
  } catch {
    // Nothing there (or not readable): the rename below says what is wrong, if anything.
  }
  try {
    renameSync(from, to);
  } catch (e) {
    if (moved) renameSync(aside, to);
    throw e;
  }
  if (moved) rmSync(aside, { force: true });
}
