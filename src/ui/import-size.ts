/**
 * The largest file the page imports, checked before its text is read: a
 * module of its own, so that the Import button does not need the scenario
 * loader (./page-budget.ts, fetched on demand) to refuse a file by its size.
 */
import { MAX_IMPORT_BYTES } from '../engine/scenario/limits';
import { formatBytes } from '../engine/scenario/memory';

/** Why a file is too large to import (read before its text is), or null. */
export function importTooLarge(file: { size: number }): string | null {
  if (file.size <= MAX_IMPORT_BYTES) return null;
  return `(file): is ${formatBytes(file.size)}; a file the page imports may be at most ${formatBytes(MAX_IMPORT_BYTES)}`;
}
