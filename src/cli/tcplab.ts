/**
 * The `tcplab` command: `tcplab sim …` runs one scenario, `tcplab sweep …`
 * a parameter sweep. scripts/build-cli.mjs bundles this file into
 * build/tcplab.mjs (npm's `prepare` step runs it), so the command starts with
 * `node` alone: no TypeScript to compile on each start.
 *
 * The bundle is also the code of a sweep's worker threads: a thread started
 * as a sweep worker serves runs and does not read the command line; the
 * commands' modules are imported only by the main thread. A run's sample
 * writer thread runs build/sample-writer.cjs, built beside this file from
 * sample-writer-thread.ts: it needs none of the rest.
 *
 * `sim` loads its code from build/sim-command.cjs, a CommonJS build of
 * sim-command.ts, through V8's code cache (sim-start.ts): a single run is
 * where a start's cost shows. The cache lives in build/cache/. The command
 * installed as `tcplab` starts from build/tcplab.cjs (tcplab-start.ts),
 * which runs `sim` without Node's loader for ES modules and hands every
 * other command to this file.
 */
import { fileURLToPath } from 'node:url';
import { exitAfterSim, simFromBuild } from './sim-start';
import { isSweepWorker } from '../experiment/node/worker-role';
// esbuild bundles only this field of package.json: the version a study's methods section cites.
import { version } from '../../package.json';

const USAGE = `usage: tcplab <command> [options]

commands:
  sim <scenario.json> --out <dir> …   run one scenario, write its five CSV files
  sweep <sweep.json> --out <dir> …    run a parameter sweep on every core
  sweep merge <sweep.json> <shard>… --out <dir>
                                      combine the files of a sweep run in shards

Run "tcplab <command> --help" for a command's options, "tcplab --version" for the version.
`;

async function tcplab(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'sim') return simFromBuild(fileURLToPath(new URL('.', import.meta.url)), rest);
  if (command === 'sweep') return (await import('./sweep-command')).sweepCommand(rest, new URL(import.meta.url));
  if (command === '--version' || command === '-V' || command === 'version') {
    process.stdout.write(`tcplab ${version}\n`);
    return 0;
  }
  if (command === undefined || command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(USAGE);
    return command === undefined ? 2 : 0;
  }
  process.stderr.write(`tcplab: unknown command ${JSON.stringify(command)}\n${USAGE}`);
  return 2;
}

if (isSweepWorker()) (await import('../experiment/node/worker')).serveSweepWorker();
else {
  const args = process.argv.slice(2);
  const code = await tcplab(args);
  if (args[0] === 'sim') await exitAfterSim(code);
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = code;
}
