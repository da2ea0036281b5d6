/**
 * Where a run's cache misses are, by JavaScript function. Valgrind's
 * callgrind counts instructions and simulated cache misses per machine
 * instruction, but code compiled by V8 has no symbols: this joins its output
 * with the map of compiled code V8 writes under --perf-basic-prof and sums
 * the self cost of each function (code without a map entry counts under the
 * native function callgrind names, or "???").
 *
 *   valgrind --tool=callgrind --cache-sim=yes --dump-instr=yes \
 *     --LL=1048576,16,64 --I1=32768,8,64 --D1=32768,8,64 --callgrind-out-file=OUT \
 *     node --single-threaded --no-turbo-inlining --perf-basic-prof \
 *     build/tcplab.mjs sim SCENARIO.json --out DIR --single-thread
 *   node scripts/run-ts.mjs bench/jit-misses.ts OUT /tmp/perf-PID.map [--by D1|LL|Ir] [--top 30]
 *
 * PID is the one valgrind prints. --single-threaded keeps V8 from compiling
 * and collecting garbage on other threads, so two runs of the same code
 * count the same within a fraction of a per cent; --no-turbo-inlining keeps
 * each function's cost its own (a function inlined into another would count
 * as the caller's) at the price of some extra instructions for the calls.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { by: { type: 'string', default: 'D1' }, top: { type: 'string', default: '30' } },
});
const [outFile, mapFile] = positionals;
if (!outFile || !mapFile) {
  console.error('usage: jit-misses OUT PERF_MAP [--by D1|LL|Ir] [--top N]');
  process.exit(2);
}
const COLUMNS: Record<string, string[]> = { Ir: ['Ir'], D1: ['D1mr', 'D1mw'], LL: ['DLmr', 'DLmw'] };
const by = COLUMNS[values.by];
if (!by) {
  console.error(`--by: ${values.by} is none of ${Object.keys(COLUMNS).join(', ')}`);
  process.exit(2);
}

/** V8's map: one "start size name" line (hex) per piece of compiled code, sorted by start. */
const code = readFileSync(mapFile, 'utf8')
  .split('\n')
  .map((line) => line.split(' '))
  .filter((f) => f.length >= 3)
  .map((f) => ({
    start: parseInt(f[0]!, 16),
    end: parseInt(f[0]!, 16) + parseInt(f[1]!, 16),
    name: f.slice(2).join(' '),
  }))
  .sort((a, b) => a.start - b.start);

/** The name of the code holding `addr`: the latest of the few entries starting before it that cover it. */
function codeAt(addr: number): string | undefined {
  let lo = 0;
  let hi = code.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (code[mid]!.start <= addr) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo - 1; i >= 0 && i >= lo - 50; i--) if (addr < code[i]!.end) return code[i]!.name;
  return undefined;
}

// callgrind's format (valgrind docs, "Callgrind Format Specification"):
// positions are absolute, relative (+n, -n) or the same (*); the cost line
// after calls= is the call's inclusive cost, not the caller's own.
let events: string[] = [];
let positions = 1;
const last = [0, 0];
const names = new Map<string, string>();
let fn = '???';
let afterCall = false;
const self = new Map<string, number[]>();
for (const line of readFileSync(outFile, 'utf8').split('\n')) {
  if (line.startsWith('events:')) events = line.split(/\s+/).slice(1);
  else if (line.startsWith('positions:')) positions = line.split(/\s+/).length - 1;
  else if (line.startsWith('fn=')) {
    const m = /^fn=\((\d+)\)(?: (.*))?$/.exec(line);
    if (m) {
      if (m[2] !== undefined) names.set(m[1]!, m[2]);
      fn = names.get(m[1]!) ?? '???';
    } else fn = line.slice(3);
  } else if (line.startsWith('calls=')) afterCall = true;
  else if (/^[0-9+\-*]/.test(line)) {
    const f = line.split(' ');
    for (let i = 0; i < positions; i++) {
      const t = f[i]!;
      last[i] = t === '*' ? last[i]! : t[0] === '+' || t[0] === '-' ? last[i]! + Number(t) : Number(t);
    }
    if (afterCall) {
      afterCall = false;
      continue;
    }
    const name = codeAt(last[0]!) ?? (/^0x[0-9a-f]+$/.test(fn) ? '???' : fn);
    let sum = self.get(name);
    if (!sum) self.set(name, (sum = new Array<number>(events.length).fill(0)));
    for (let i = positions; i < f.length; i++) sum[i - positions]! += Number(f[i]);
  }
}

const col = (sum: number[], keys: string[]) => keys.reduce((s, k) => s + (sum[events.indexOf(k)] ?? 0), 0);
const total = new Array<number>(events.length).fill(0);
for (const sum of self.values()) sum.forEach((v, i) => (total[i]! += v));
const fmt = (sum: number[], keys: string[]) => {
  const v = col(sum, keys);
  return `${(v / 1e6).toFixed(1).padStart(9)}M ${((100 * v) / col(total, keys)).toFixed(1).padStart(5)}%`;
};
console.log(`${'Ir'.padStart(16)} ${'D1 misses'.padStart(16)} ${'LL misses'.padStart(16)}  function`);
const rows = [...self.entries()].sort((a, b) => col(b[1], by) - col(a[1], by));
for (const [name, sum] of [['total', total] as [string, number[]], ...rows.slice(0, Number(values.top))])
  console.log(`${fmt(sum, COLUMNS.Ir!)} ${fmt(sum, COLUMNS.D1!)} ${fmt(sum, COLUMNS.LL!)}  ${name.slice(0, 100)}`);
