/**
 * The `tcplab` command: `tcplab sim …` runs one scenario, `tcplab sweep …`
 * a parameter sweep. scripts/build-cli.mjs bundles this file into
 * build/tcplab.mjs (npm's `prepare` step runs it), so the command starts with
 * `node` alone: no TypeScript to compile on each start.
 *
 * The bundle is also the code of a sweep's worker threads: a thread started
 * as a sweep worker serves runs and does not read the command line; the
 * commands' modules are imported only by the main thread. A run's sample
 * writer thread runs build/sample-writer.mjs, built beside this file from
 * sample-writer-thread.ts: it needs none of the rest.
 *
 * `sim` loads its code from build/sim-command.cjs, a CommonJS build of
 * sim-command.ts, through V8's code cache (code-cache.ts): a single run is
 * where a start's cost shows. The cache lives in build/cache/.
 */
import { fileURLToPath } from 'node:url';
import { loadCachedCommonJs, NOT_WRAPPED, type CachedModule } from './code-cache';
import { isSweepWorker } from '../experiment/node/worker-role';

const USAGE = `usage: tcplab <command> [options]

commands:
  sim <scenario.json> --out <dir> …   run one scenario, write its five CSV files
  sweep <sweep.json> --out <dir> …    run a parameter sweep on every core
  sweep merge <sweep.json> <shard>… --out <dir>
                                      combine the files of a sweep run in shards

Run "tcplab <command> --help" for a command's options.
`;

async function tcplab(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'sim') {
    const file = fileURLToPath(new URL('./sim-command.cjs', import.meta.url));
    let sim: CachedModule<typeof import('./sim-command')>;
    try {
      sim = loadCachedCommonJs(file, fileURLToPath(new URL('./cache/', import.meta.url)));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== NOT_WRAPPED) throw e;
      process.stderr.write(
        `tcplab: ${file} is ${code === 'ENOENT' ? 'missing' : 'not what the build makes'}: run npm run build:cli\n`,
      );
      return 2;
    }
    const code = await sim.exports.simCommand(rest, new URL('./sample-writer.mjs', import.meta.url));
    // Only a run that went through makes the cache: one stopped by bad input compiled little of the engine.
    if (code === 0) sim.save();
    return code;
  }
  if (command === 'sweep') return (await import('./sweep-command')).sweepCommand(rest, new URL(import.meta.url));
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`tcplab: unknown command ${JSON.stringify(command)}\n${USAGE}`);
  return 2;
}

/** Resolves once everything written to `stream` so far has gone out (a pipe is written asynchronously). */
function drained(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((done) => stream.write('', () => done()));
}

if (isSweepWorker()) (await import('../experiment/node/worker')).serveSweepWorker();
else {
  const args = process.argv.slice(2);
  const code = await tcplab(args);
  if (args[0] === 'sim') {
    // A run has closed its files and threads: once stdout and stderr are out, exit at once
    // rather than tear the heap down piece by piece (some 7 ms of a 10 s run's 0.26 s).
    await Promise.all([drained(process.stdout), drained(process.stderr)]);
    process.exit(code);
  }
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = code;
}
