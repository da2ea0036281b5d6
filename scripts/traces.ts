/**
 * The shipped delivery traces as Mahimahi files, and Mahimahi files as the
 * scenario's `trace.ms`:
 *
 *   npm run traces -- write <dir>        writes <dir>/<name>.mahi for every shipped trace
 *   npm run traces -- json <file.mahi>   prints {"ms": [...]} for links[].trace
 *
 * A Mahimahi trace has one integer millisecond timestamp per line, each a
 * delivery opportunity of 1500 bytes (Netravali et al., USENIX ATC 2015).
 * The shipped traces are synthetic (src/engine/scenario/trace-samples.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMahimahi } from '../src/engine/scenario/mahimahi';
import { SAMPLE_TRACES, sampleTrace } from '../src/engine/scenario/trace-samples';

const [mode, arg] = process.argv.slice(2);
if (mode === 'write' && arg) {
  mkdirSync(arg, { recursive: true });
  for (const name of SAMPLE_TRACES) {
    const ms = sampleTrace(name)!;
    writeFileSync(join(arg, `${name}.mahi`), `${ms.join('\n')}\n`);
    console.error(`wrote ${join(arg, `${name}.mahi`)} (${ms.length} opportunities, ${ms[ms.length - 1] / 1000} s)`);
  }
} else if (mode === 'json' && arg) {
  try {
    process.stdout.write(`${JSON.stringify({ ms: parseMahimahi(readFileSync(arg, 'utf8')) })}\n`);
  } catch (e) {
    console.error(`${arg}: ${(e as Error).message}`);
    process.exit(2);
  }
} else {
  console.error('usage: npm run traces -- write <dir> | json <file.mahi>');
  process.exit(2);
}
