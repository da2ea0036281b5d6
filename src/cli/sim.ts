/**
 * Entry point of `npm run sim` (the same command as `tcplab sim`), and the
 * code of its sample writer thread (sample-writer.ts).
 */
import { isSampleWriter, serveSampleWriter } from './sample-writer';

if (isSampleWriter()) {
  serveSampleWriter();
} else {
  const { simCommand } = await import('./sim-command');
  // exitCode rather than exit(): lets stdout drain when it is a pipe.
  process.exitCode = await simCommand(process.argv.slice(2), new URL(import.meta.url));
}
