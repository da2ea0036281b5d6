/**
 * The command-line runner's logic, kept apart from the real file system and
 * engine so tests can drive it with an in-memory io and a fake `run`
 * (sim.ts wires the real ones).
 *
 *   npm run sim -- <scenario.json> --out <dir> [--summary] [--seed N] [--duration S] [--max-memory SIZE]
 *                  [--pcap] [--ns2-trace] [--ns2-script]
 *
 * The run streams its rows into the output folder as it goes
 * (engine/output/csv-stream.ts), so memory stays flat however long the run;
 * before it starts, the memory it needs is estimated and a run over the
 * budget is refused like an invalid field (engine/scenario/memory.ts).
 *
 * Exit codes: 0 success; 1 the run or writing failed; 2 usage error or
 * invalid scenario (and then nothing is written, not even the --out folder).
 * Warnings (legal but pointless fields) go to stderr as `warning: path:
 * message` and change no exit code.
 */
import { csvParseRows } from 'd3-dsv';
import { CSV_FILE_NAMES } from '../engine/output/csv';
import { TRANSACTIONS_FILE } from '../engine/output/transactions';
import { scenarioToNs2Script } from '../engine/output/ns2/tcl';
import type { RunStreams } from '../engine/run';
import { formatIssues, formatWarnings, parseScenario, parseScenarioText } from '../engine/scenario/index';
import { readJsonText } from '../engine/scenario/json-text';
import { MAX_FILE_CHARS } from '../engine/scenario/limits';
import { CLI_MEMORY_BUDGET, formatBytes, memoryIssues } from '../engine/scenario/memory';
import type { ParseResult, Scenario, ScenarioIssue } from '../engine/scenario/types';
import { parseBytes } from '../engine/scenario/units';
import { readArgs } from './args';
import { errorText } from './file-error';
import { OutputFiles, type OutputIo } from './output-files';
import { readTraceFiles } from './trace-files';

export interface CliIo {
  /** Write text as is (main adds the newlines). */
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  /** Create the folder and its parents; no error if it exists. */
  mkdir(path: string): Promise<void>;
}

/** The simulation runner's io: the common one, and files written piece by piece. */
export type SimIo = CliIo & OutputIo;

/** What a run reports when it is done. */
export interface RunReport {
  /** events the simulator processed */
  eventsProcessed?: number;
}

/**
 * Run a scenario to its end, writing the five files into the sink as it goes,
 * and the packet-level files asked for into their streams. It may finish
 * asynchronously (a writer thread still writing: sample-writer.ts).
 */
export type RunScenario = (
  scenario: Scenario,
  sink: OutputFiles,
  streams?: RunStreams,
  options?: CliOptions,
) => RunReport | Promise<RunReport>;

export const PCAP_FILE = 'packets.pcap';
export const NS2_TRACE_FILE = 'out.tr';
export const NS2_SCRIPT_FILE = 'scenario.tcl';

/** The command's two names: the prebuilt `tcplab sim` (npx, build/tcplab.cjs) and `npm run sim --` in a checkout. */
export const USAGE =
  'usage: tcplab sim <scenario.json> --out <dir> [--summary] [--seed N] [--duration S] [--max-memory SIZE] [--pcap] [--ns2-trace] [--ns2-script] [--single-thread | --writer-thread]\n' +
  '       (in a checkout, the same as: npm run sim -- <scenario.json> --out <dir> …)';

const HELP = `${USAGE}

Runs a scenario and writes summary.csv, timeseries.csv, queues.csv, links.csv
and events.csv into <dir> (created if missing), row by row as the run goes.

  --out <dir>        folder for the five CSV files (required)
  --summary          also print summary.csv as a table on stdout
  --seed N           use seed N instead of the scenario's
  --duration S       run for S seconds (a number, or a string with a unit) instead
  --max-memory SIZE  memory a run may need, e.g. 4GB (default ${formatBytes(CLI_MEMORY_BUDGET)}); a scenario
                     estimated to need more is refused before it starts
  --pcap             also write packets.pcap: every packet of every flow on its
                     sender's interface, for Wireshark, tshark, tcpdump, tcptrace
  --ns2-trace        also write out.tr: every packet event on every link in
                     ns-2's trace format (+ - r d), to diff with ns-2's own
  --ns2-script       also write scenario.tcl: the scenario as an ns-2.35 script
                     (\`ns scenario.tcl <dir>\` writes ns-2's trace.tr there)
  --writer-thread    format timeseries.csv and queues.csv on a second thread,
                     beside the simulation (the default for a run that writes
                     100,000 rows or more: as fast or faster wherever measured)
  --single-thread    write every file on the run's own thread
  --help, -h         show this help

Exit codes: 0 done, 1 the run failed, 2 usage error or invalid scenario.
Warnings about fields that cannot have an effect are printed as
"warning: path: message" and do not change the exit code.
`;

export interface CliOptions {
  file: string;
  out: string;
  summary: boolean;
  seed?: string;
  duration?: string;
  /** bytes */
  maxMemory?: number;
  pcap?: boolean;
  ns2Trace?: boolean;
  ns2Script?: boolean;
  singleThread?: boolean;
  writerThread?: boolean;
}

type ParsedArgs = { help: true } | { help: false; options: CliOptions } | { error: string };

/** Reads argv (after the command's name) with node:util's parseArgs (args.ts). */
export function parseArgs(argv: string[]): ParsedArgs {
  const read = readArgs(argv, {
    out: { type: 'string' },
    seed: { type: 'string' },
    duration: { type: 'string' },
    'max-memory': { type: 'string' },
    summary: { type: 'boolean' },
    pcap: { type: 'boolean' },
    'ns2-trace': { type: 'boolean' },
    'ns2-script': { type: 'boolean' },
    'single-thread': { type: 'boolean' },
    'writer-thread': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if ('error' in read) return read;
  const v = read.values;
  if (v.help === true) return { help: true };
  const [file, extra] = read.positionals;
  if (file === undefined) return { error: 'no scenario file given' };
  if (extra !== undefined) return { error: `one scenario file expected, got ${file} and ${extra}` };
  const out = v.out as string | undefined;
  if (out === undefined) return { error: '--out <dir> is required' };
  const options: CliOptions = { file, out, summary: v.summary === true };
  if (v.seed !== undefined) options.seed = v.seed as string;
  if (v.duration !== undefined) options.duration = v.duration as string;
  const maxMemory = v['max-memory'] as string | undefined;
  if (maxMemory !== undefined) {
    const size = parseBytes(/^\d+(\.\d+)?$/.test(maxMemory) ? Number(maxMemory) : maxMemory);
    if (!size.ok) return { error: `--max-memory ${size.message}` };
    options.maxMemory = size.value;
  }
  if (v.pcap === true) options.pcap = true;
  if (v['ns2-trace'] === true) options.ns2Trace = true;
  if (v['ns2-script'] === true) options.ns2Script = true;
  if (v['single-thread'] === true && v['writer-thread'] === true)
    return { error: '--single-thread and --writer-thread: give one or the other' };
  if (v['single-thread'] === true) options.singleThread = true;
  if (v['writer-thread'] === true) options.writerThread = true;
  return { help: false, options };
}

/**
 * Loads the scenario with --seed / --duration put into it before it is
 * checked, so they are checked by exactly the rules that check the file, and
 * the Mahimahi files its links' traces name read into them. A text that is
 * not a JSON object is loaded unchanged for the loader to report.
 */
async function loadWithOverrides(text: string, o: CliOptions, io: Pick<SimIo, 'readFile'>): Promise<ParseResult> {
  const json = readJsonText(text);
  if (!json.ok || json.value === null || typeof json.value !== 'object' || Array.isArray(json.value))
    return parseScenarioText(text);
  // Mahimahi files named by links[].trace.file, relative to the scenario file (trace-files.ts).
  const traces = await readTraceFiles(json.value, o.file, io.readFile);
  if (!traces.ok) return { ok: false, issues: traces.issues, warnings: [] };
  if (o.seed === undefined && o.duration === undefined && traces.files === 0) return parseScenarioText(text);
  const obj = { ...(traces.value as Record<string, unknown>) };
  if (o.seed !== undefined) obj.seed = numberOrText(o.seed);
  if (o.duration !== undefined) obj.duration = numberOrText(o.duration);
  return parseScenario(obj);
}

/** "42" → 42; "10ms" or "abc" stay text (the parser accepts units or says what is wrong). */
function numberOrText(s: string): number | string {
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}

/**
 * Says which issues came from a command-line override rather than the file
 * (a shorter --duration can also make the file's measure window too long).
 */
function markOverrides(issues: ScenarioIssue[], o: CliOptions): ScenarioIssue[] {
  return issues.map((issue) => {
    if (issue.path === 'seed' && o.seed !== undefined)
      return { ...issue, message: `${issue.message} (from --seed ${o.seed})` };
    if (o.duration !== undefined && (issue.path === 'duration' || issue.path.startsWith('measure'))) {
      return { ...issue, message: `${issue.message} (from --duration ${o.duration})` };
    }
    return issue;
  });
}

export async function main(argv: string[], io: SimIo, run: RunScenario): Promise<number> {
  const parsed = parseArgs(argv);
  if ('error' in parsed) {
    io.stderr(`sim: ${parsed.error}\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(HELP);
    return 0;
  }
  const o = parsed.options;

  let text: string;
  try {
    text = await io.readFile(o.file);
  } catch (e) {
    io.stderr(`sim: cannot read ${o.file}: ${errorText(e)}\n${USAGE}\n`);
    return 2;
  }
  const lines = (issues: readonly string[]) => io.stderr(issues.map((line) => `${o.file}: ${line}\n`).join(''));
  if (text.length > MAX_FILE_CHARS) {
    lines([`(file): is too large for a scenario: ${text.length} characters, at most ${MAX_FILE_CHARS}`]);
    return 2;
  }

  const result = await loadWithOverrides(text, o, io);
  const warn = () => {
    const w = formatWarnings(result.warnings);
    if (w.length) io.stderr(w.map((line) => `${line}\n`).join(''));
  };
  if (!result.ok) {
    lines(formatIssues(markOverrides(result.issues, o)));
    warn();
    return 2;
  }
  warn();
  const budget = o.maxMemory ?? CLI_MEMORY_BUDGET;
  const tooBig = memoryIssues(result.scenario, 'stream', budget, 'run with --max-memory to allow more');
  if (tooBig.length) {
    lines(formatIssues(tooBig));
    return 2;
  }

  // The ns-2 script comes from the scenario alone: a scenario ns-2 cannot express is refused before the run.
  const extra: string[] = [];
  let script: string | null = null;
  if (o.ns2Script) {
    const tcl = scenarioToNs2Script(result.scenario, NS2_SCRIPT_FILE);
    if (!tcl.ok) {
      io.stderr(`${o.file}: --ns2-script: ${tcl.message}\n`);
      return 2;
    }
    script = tcl.text;
    extra.push(NS2_SCRIPT_FILE);
  }
  if (o.pcap) extra.push(PCAP_FILE);
  if (o.ns2Trace) extra.push(NS2_TRACE_FILE);
  const transactions = result.scenario.flows.some((f) => f.kind === 'transaction');
  if (transactions) extra.push(TRANSACTIONS_FILE);

  let out: OutputFiles;
  try {
    out = await OutputFiles.open(io, o.out, extra);
  } catch (e) {
    io.stderr(`sim: cannot write to ${o.out}: ${errorText(e)}\n`);
    return 1;
  }
  let report: RunReport;
  try {
    if (script !== null) out.writeExtra(NS2_SCRIPT_FILE, script);
    const streams: RunStreams = {};
    if (o.pcap) streams.pcap = (chunk) => out.writeExtra(PCAP_FILE, chunk);
    if (o.ns2Trace) streams.ns2Trace = (chunk) => out.writeExtra(NS2_TRACE_FILE, chunk);
    if (transactions) streams.transactions = (text) => out.writeExtra(TRANSACTIONS_FILE, text);
    report = await run(result.scenario, out, streams, o);
  } catch (e) {
    await out.discard();
    io.stderr(`sim: ${o.file}: the run failed: ${errorText(e)}\n`);
    return 1;
  }
  try {
    await out.commit();
  } catch (e) {
    await out.discard();
    io.stderr(`sim: cannot write to ${o.out}: ${errorText(e)}\n`);
    return 1;
  }

  io.stderr(`${doneLine(o.out, result.scenario, report, CSV_FILE_NAMES.length + extra.length)}\n`);
  if (o.summary) io.stdout(textTable(csvParseRows(out.summary)));
  return 0;
}

/** "wrote 5 files to out/ (12.3 s simulated, 1.2 M events)" */
function doneLine(out: string, scenario: Scenario, report: RunReport, files: number): string {
  const dir = out.endsWith('/') ? out : `${out}/`;
  const parts = [`${formatSeconds(scenario.duration)} s simulated`];
  const events = report.eventsProcessed;
  if (typeof events === 'number' && Number.isFinite(events)) parts.push(`${formatCount(events)} events`);
  return `wrote ${files} files to ${dir} (${parts.join(', ')})`;
}

function formatSeconds(s: number): string {
  return String(Number(s.toPrecision(6)));
}

/** 1234567 → "1.2 M", 45200 → "45.2 k", 812 → "812". */
export function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)} G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(Math.round(n));
}

const NUMERIC = /^-?\d+(\.\d+)?$/;

/**
 * Rows (header first) as an aligned text table: numbers right-aligned, text
 * left-aligned, two spaces between columns. Newlines in a cell become spaces.
 */
export function textTable(rows: string[][]): string {
  const cells = rows.map((r) => r.map((c) => c.replace(/\r?\n|\r/g, ' ')));
  const ncol = Math.max(0, ...cells.map((r) => r.length));
  const width: number[] = [];
  const numeric: boolean[] = [];
  for (let c = 0; c < ncol; c++) {
    width.push(Math.max(...cells.map((r) => (r[c] ?? '').length)));
    const body = cells
      .slice(1)
      .map((r) => r[c] ?? '')
      .filter((v) => v !== '');
    numeric.push(body.length > 0 && body.every((v) => NUMERIC.test(v)));
  }
  return cells
    .map((r) =>
      Array.from({ length: ncol }, (_, c) => {
        const v = r[c] ?? '';
        return numeric[c] ? v.padStart(width[c]) : v.padEnd(width[c]);
      })
        .join('  ')
        .trimEnd(),
    )
    .map((line) => `${line}\n`)
    .join('');
}
