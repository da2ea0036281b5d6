/**
 * The code of the sample writer thread (sample-writer.ts) in the prebuilt
 * command: scripts/build-cli.mjs bundles this file into
 * build/sample-writer.cjs beside build/tcplab.mjs. It holds only the
 * formatting of timeseries.csv and queues.csv, so the thread starts and
 * lives on a few hundred kilobytes of code rather than the whole command
 * (scenario loader, sweeps, engine).
 */
import { isSampleWriter, serveSampleWriter } from './sample-writer';

if (isSampleWriter()) serveSampleWriter();
else {
  process.stderr.write('sample-writer.cjs is the thread of `tcplab sim` that writes sampled files; run tcplab.mjs\n');
  process.exitCode = 2;
}
