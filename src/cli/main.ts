/**
 * The command-line runner's logic, kept apart from the real file system and
 * engine so tests can drive it with an in-memory io and a fake `run`
 * (sim.ts wires the real ones).
 *
 *   npm run sim -- <scenario.json> --out <dir> [--summary] [--seed N] [--duration S] [--pcap] [--ns2-trace] [--ns2-script]
 *
 * Exit codes: 0 success; 1 the run or writing failed; 2 usage error or
 * invalid scenario (and then nothing is written, not even the --out folder).
 */
import { csvParseRows } from 'd3-dsv';
import { CSV_FILE_NAMES, runDataToCsv } from '../engine/output/csv';
import { scenarioToNs2Script } from '../engine/output/ns2/tcl';
import type { RunData } from '../engine/output/rundata';
import type { RunStreams } from '../engine/run';
import { formatIssues, parseScenarioText } from '../engine/scenario/index';
import type { Scenario, ScenarioIssue } from '../engine/scenario/types';

export interface CliIo {
  /** Write text as is (main adds the newlines). */
  stdout(text: string): void;
  stderr(text: string): void;
  readFile(path: string): Promise<string>;
  writeFile(path: string, text: string): Promise<void>;
  /** Create the folder and its parents; no error if it exists. */
  mkdir(path: string): Promise<void>;
}

/** What `npm run sim` needs beyond CliIo: files written while the run goes. */
export interface SimIo extends CliIo {
  /**
   * Open a file for writing while the run goes (the packet capture): each
   * chunk is written before `write` returns, so memory stays flat.
   */
  openStream(path: string): OutStream;
  /** Remove a file (a stream left incomplete by a failed run); no error if it is missing. */
  remove(path: string): Promise<void>;
}

export interface OutStream {
  write(chunk: Uint8Array): void;
  close(): void;
}

export type RunScenario = (scenario: Scenario, streams?: RunStreams) => RunData;

export const PCAP_FILE = 'packets.pcap';
export const NS2_TRACE_FILE = 'out.tr';
export const NS2_SCRIPT_FILE = 'scenario.tcl';

export const USAGE =
  'usage: npm run sim -- <scenario.json> --out <dir> [--summary] [--seed N] [--duration S] [--pcap] [--ns2-trace] [--ns2-script]';

const HELP = `${USAGE}

Runs a scenario and writes summary.csv, timeseries.csv, queues.csv, links.csv
and events.csv into <dir> (created if missing).

  --out <dir>      folder for the five CSV files (required)
  --summary        also print summary.csv as a table on stdout
  --seed N         use seed N instead of the scenario's
  --duration S     run for S seconds (a number, or a string with a unit) instead
  --pcap           also write packets.pcap: every packet of every flow on its
                   sender's interface, for Wireshark, tshark, tcpdump, tcptrace
  --ns2-trace      also write out.tr: every packet event on every link in
                   ns-2's trace format (+ - r d), to diff with ns-2's own
  --ns2-script     also write scenario.tcl: the scenario as an ns-2.35 script
                   (\`ns scenario.tcl <dir>\` writes ns-2's trace.tr there)
  --help, -h       show this help

Exit codes: 0 done, 1 the run failed, 2 usage error or invalid scenario.
`;

export interface CliOptions {
  file: string;
  out: string;
  summary: boolean;
  seed?: string;
  duration?: string;
  pcap: boolean;
  ns2Trace?: boolean;
  ns2Script?: boolean;
}

type ParsedArgs = { help: true } | { help: false; options: CliOptions } | { error: string };

/** Reads argv (after the script name). Accepts `--flag value` and `--flag=value`. */
export function parseArgs(argv: string[]): ParsedArgs {
  let file: string | undefined;
  let out: string | undefined;
  let summary = false;
  let pcap = false;
  let ns2Trace = false;
  let ns2Script = false;
  let seed: string | undefined;
  let duration: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--') continue;
    if (arg.startsWith('-') && arg !== '-') {
      const eq = arg.indexOf('=');
      const name = eq >= 0 ? arg.slice(0, eq) : arg;
      const takesValue = name === '--out' || name === '--seed' || name === '--duration';
      if (name === '--summary' && eq < 0) {
        summary = true;
        continue;
      }
      if (name === '--pcap' && eq < 0) {
        pcap = true;
        continue;
      }
      if (name === '--ns2-trace' && eq < 0) {
        ns2Trace = true;
        continue;
      }
      if (name === '--ns2-script' && eq < 0) {
        ns2Script = true;
        continue;
      }
      if (!takesValue) return { error: `unknown option ${arg}` };
      let value: string | undefined;
      if (eq >= 0) value = arg.slice(eq + 1);
      else if (i + 1 < argv.length) value = argv[++i];
      if (value === undefined || value === '') return { error: `${name} needs a value` };
      if (name === '--out') out = value;
      else if (name === '--seed') seed = value;
      else duration = value;
      continue;
    }
    if (file !== undefined) return { error: `one scenario file expected, got ${file} and ${arg}` };
    file = arg;
  }
  if (file === undefined) return { error: 'no scenario file given' };
  if (out === undefined) return { error: '--out <dir> is required' };
  const options: CliOptions = { file, out, summary, pcap };
  if (seed !== undefined) options.seed = seed;
  if (duration !== undefined) options.duration = duration;
  if (ns2Trace) options.ns2Trace = true;
  if (ns2Script) options.ns2Script = true;
  return { help: false, options };
}

/**
 * Puts --seed / --duration into the scenario text before it is parsed, so
 * they are checked by exactly the rules that check the file. A text that is
 * not a JSON object is passed on unchanged for the parser to report.
 */
function applyOverrides(text: string, o: CliOptions): string {
  if (o.seed === undefined && o.duration === undefined) return text;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return text;
  }
  if (json === null || typeof json !== 'object' || Array.isArray(json)) return text;
  const obj = json as Record<string, unknown>;
  if (o.seed !== undefined) obj.seed = numberOrText(o.seed);
  if (o.duration !== undefined) obj.duration = numberOrText(o.duration);
  return JSON.stringify(obj);
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

function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') || dir.endsWith('\\') ? dir + name : `${dir}/${name}`;
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
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

  const result = parseScenarioText(applyOverrides(text, o));
  if (!result.ok) {
    const lines = formatIssues(markOverrides(result.issues, o));
    io.stderr(lines.map((line) => `${o.file}: ${line}\n`).join(''));
    return 2;
  }

  // The ns-2 script comes from the scenario alone: a scenario ns-2 cannot express is refused before the run.
  let script: string | null = null;
  if (o.ns2Script) {
    const tcl = scenarioToNs2Script(result.scenario, NS2_SCRIPT_FILE);
    if (!tcl.ok) {
      io.stderr(`${o.file}: --ns2-script: ${tcl.message}\n`);
      return 2;
    }
    script = tcl.text;
  }

  // Streamed outputs are written while the run goes, so their folder must exist first.
  const streamed: { path: string; stream: OutStream }[] = [];
  const streams: RunStreams = {};
  const wanted: [boolean | undefined, string, keyof RunStreams][] = [
    [o.pcap, PCAP_FILE, 'pcap'],
    [o.ns2Trace, NS2_TRACE_FILE, 'ns2Trace'],
  ];
  for (const [on, name, key] of wanted) {
    if (!on) continue;
    try {
      await io.mkdir(o.out);
      const path = joinPath(o.out, name);
      const stream = io.openStream(path);
      streamed.push({ path, stream });
      streams[key] = (chunk) => stream.write(chunk);
    } catch (e) {
      io.stderr(`sim: cannot write to ${o.out}: ${errorText(e)}\n`);
      for (const s of streamed) s.stream.close();
      return 1;
    }
  }

  let data: RunData;
  try {
    data = streamed.length > 0 ? run(result.scenario, streams) : run(result.scenario);
    for (const s of streamed) s.stream.close();
  } catch (e) {
    io.stderr(`sim: ${o.file}: the run failed: ${errorText(e)}\n`);
    for (const s of streamed) {
      try {
        s.stream.close();
        await io.remove(s.path);
      } catch {
        // the message above is what matters
      }
    }
    return 1;
  }

  const files = runDataToCsv(data);
  try {
    await io.mkdir(o.out);
    for (const name of CSV_FILE_NAMES) await io.writeFile(joinPath(o.out, name), files[name]);
    if (script !== null) await io.writeFile(joinPath(o.out, NS2_SCRIPT_FILE), script);
  } catch (e) {
    io.stderr(`sim: cannot write to ${o.out}: ${errorText(e)}\n`);
    return 1;
  }

  io.stderr(
    `${doneLine(o.out, result.scenario, data, CSV_FILE_NAMES.length + streamed.length + (script !== null ? 1 : 0))}\n`,
  );
  if (o.summary) io.stdout(textTable(csvParseRows(files['summary.csv'])));
  return 0;
}

/** "wrote 5 files to out/ (12.3 s simulated, 1.2 M events)" */
function doneLine(out: string, scenario: Scenario, data: RunData, fileCount: number): string {
  const dir = out.endsWith('/') ? out : `${out}/`;
  const parts = [`${formatSeconds(scenario.duration)} s simulated`];
  // RunData may carry the engine's event count (as SimState.eventsProcessed); say it when it does.
  const events = (data as RunData & { eventsProcessed?: unknown }).eventsProcessed;
  if (typeof events === 'number' && Number.isFinite(events)) parts.push(`${formatCount(events)} events`);
  return `wrote ${fileCount} files to ${dir} (${parts.join(', ')})`;
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
