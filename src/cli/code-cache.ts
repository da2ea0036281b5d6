/**
 * Loading a CommonJS bundle through V8's code cache, so that a cold
 * `tcplab sim` neither parses the command's half megabyte of code nor
 * compiles, one by one as the run first calls them, the engine's functions:
 * V8 reads their bytecode back from a file instead (vm.Script `cachedData`).
 * The cache is written after a run that found none, from the script as that
 * run left it (`createCachedData()` then holds every function the run
 * compiled), and read by the runs after it. Node 20 has no such cache for
 * ES modules (`module.enableCompileCache` is Node 22's), hence a CommonJS
 * build of the command for this one purpose (scripts/build-cli.mjs).
 *
 * V8 checks a cache against its own version and flags and against the
 * source's length only, not its text, so the file's name carries a hash of
 * all of them: Node's version, the flags node was started with and the
 * bundle's text. A cache is only ever a shortcut: one that is missing,
 * unreadable, refused or unwritable changes nothing but the time a start
 * takes.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';

export interface CachedModule<T> {
  exports: T;
  /** V8 took the module's compiled code from the cache */
  fromCache: boolean;
  /** Write the cache if this load had none to use; false if it could not be written. */
  save(): boolean;
}

/** The name of `file`'s cache for this Node, these flags and this text of the file. */
export function cacheName(file: string, source: string): string {
  const key = createHash('sha256')
    .update(`${process.version}\0${process.execArgv.join('\0')}\0`)
    .update(source)
    .digest('hex')
    .slice(0, 16);
  return `${basename(file)}.${key}.cache`;
}

/**
 * Node's CommonJS wrapper, which the build writes around the module's text
 * (scripts/build-cli.mjs), on its first and last lines so that line numbers
 * hold: a file read whole is compiled as it is, where wrapping it here would
 * make a second copy of its half megabyte (a string joined, then flattened),
 * which cost the runs a few megabytes more young generation for good.
 */
export const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) {';
export const WRAP_TAIL = '\n})\n';
/** The `code` of the error for a file without them (not made by the build, or cut short). */
export const NOT_WRAPPED = 'ERR_NOT_WRAPPED';

/**
 * Load `file`, a CommonJS module (a bundle: it requires only Node's own
 * modules) written inside WRAP_HEAD and WRAP_TAIL, with its cache in `cacheDir`.
 */
export function loadCachedCommonJs<T>(file: string, cacheDir: string): CachedModule<T> {
  const source = readFileSync(file, 'utf8');
  if (!source.startsWith(WRAP_HEAD) || !source.endsWith(WRAP_TAIL))
    throw Object.assign(new Error(`${file} is not a module as the build wraps it`), { code: NOT_WRAPPED });
  const cacheFile = join(cacheDir, cacheName(file, source));
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new Script(source, { filename: file, cachedData });
  const fromCache = cachedData !== undefined && script.cachedDataRejected === false;
  const module = { exports: {} as T };
  const wrapper = script.runInThisContext() as (
    exports: T,
    require: NodeJS.Require,
    module: { exports: T },
    filename: string,
    dirname: string,
  ) => void;
  wrapper.call(module.exports, module.exports, createRequire(file), module, file, dirname(file));
  return {
    exports: module.exports,
    fromCache,
    save(): boolean {
      if (fromCache) return true;
      try {
        // Not `recursive`: Node 20's recursive mkdirSync loops for ever where a parent cannot be
        // made (under /proc, for one); the folder's parent is the bundle's own, which exists.
        try {
          mkdirSync(cacheDir);
        } catch (e) {
          if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        }
        // Another run may be reading or writing the same name: it sees either no file or a whole one.
        const tmp = `${cacheFile}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, cacheFile);
        return true;
      } catch {
        return false;
      }
    },
  };
}
