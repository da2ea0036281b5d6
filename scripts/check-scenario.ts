/**
 * Print the checked module of one scenario file (./checked-scenario.ts), for
 * the page's build (vite.config.ts, checkedScenarios). A file the page's
 * loader refuses is an error: the build stops and names its issues.
 *
 * Usage: node scripts/run-ts.mjs scripts/check-scenario.ts <file.json>
 */
import { checkedModule } from './checked-scenario';

try {
  process.stdout.write(checkedModule(process.argv[2] ?? ''));
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
