/**
 * How `tcplab sim` starts from the build, shared by the command's two
 * entries (tcplab.ts, tcplab-start.ts): its code is read from
 * build/sim-command.cjs through V8's code cache (code-cache.ts), the run
 * goes, and the process exits as soon as its output is out.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadCachedCommonJs, NOT_WRAPPED, type CachedModule } from './code-cache';

/** Run `tcplab sim <args>` from the build folder `dir`; resolves to the exit status. */
export async function simFromBuild(dir: string, args: string[]): Promise<number> {
  const file = join(dir, 'sim-command.cjs');
  let sim: CachedModule<typeof import('./sim-command')>;
  try {
    sim = loadCachedCommonJs(file, join(dir, 'cache'));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== NOT_WRAPPED) throw e;
    process.stderr.write(
      `tcplab: ${file} is ${code === 'ENOENT' ? 'missing' : 'not what the build makes'}: run npm run build:cli\n`,
    );
    return 2;
  }
  const code = await sim.exports.simCommand(args, pathToFileURL(join(dir, 'sample-writer.cjs')));
  // Only a run that went through makes the cache: one stopped by bad input compiled little of the engine.
  if (code === 0) sim.save();
  return code;
}

/**
 * End the process with `code` once stdout and stderr are out. A run has
 * closed its files and threads by then, so it exits at once rather than
 * tear the heap down piece by piece (some 7 ms of a 10 s run's 0.26 s).
 */
export async function exitAfterSim(code: number): Promise<never> {
  await Promise.all([drained(process.stdout), drained(process.stderr)]);
  process.exit(code);
}

/** Resolves once everything written to `stream` so far has gone out (a pipe is written asynchronously). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((done) => stream.write('', () => done()));
}
