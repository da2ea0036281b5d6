/**
 * The installed `tcplab` command's entry: scripts/build-cli.mjs bundles it
 * into build/tcplab.cjs, package.json's `bin`. It is CommonJS so that
 * `tcplab sim` starts without Node's loader for ES modules, about 8 ms of
 * a start that is some 90 ms in all (docs/speed.md). Every other command
 * goes to build/tcplab.mjs (tcplab.ts), an ES module because a sweep's
 * worker threads start from its URL, which then reads the same command
 * line.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitAfterSim, simFromBuild } from './sim-start';

// The bundle's own folder (CommonJS gives every module its __dirname).
const dir = __dirname;
const args = process.argv.slice(2);

if (args[0] === 'sim') void simFromBuild(dir, args.slice(1)).then(exitAfterSim);
else void import(pathToFileURL(join(dir, 'tcplab.mjs')).href);
