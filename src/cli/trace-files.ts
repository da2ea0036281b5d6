/**
 * The command-line runner's `links[].trace.file`: a Mahimahi file named in
 * the scenario, relative to the scenario file, read into the trace's `ms`
 * before the scenario is loaded (the loader itself reads no files, and the
 * page cannot). A file that cannot be read, or whose timestamps are not a
 * trace, is an issue at the field (`links[2].trace.file: …`), reported like
 * any invalid field (exit status 2).
 */
import { dirname, resolve } from 'node:path';
import { mahimahiProblem, parseMahimahi } from '../engine/scenario/mahimahi';
import type { ScenarioIssue } from '../engine/scenario/types';
import { errorText } from './file-error';

/** A trace file's size limit: MAX_TRACE_POINTS timestamps of up to 10 digits, and room to spare. */
const MAX_TRACE_FILE_CHARS = 16_000_000;

export type TraceFileResult = { ok: true; value: unknown; files: number } | { ok: false; issues: ScenarioIssue[] };

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * `scenario` (parsed JSON) with every `trace.file` replaced by its `ms`, or
 * the issues. Anything else odd is left for the loader to report.
 */
export async function readTraceFiles(
  scenario: unknown,
  scenarioPath: string,
  readFile: (path: string) => Promise<string>,
): Promise<TraceFileResult> {
  if (!isObject(scenario) || !Array.isArray(scenario.links)) return { ok: true, value: scenario, files: 0 };
  const issues: ScenarioIssue[] = [];
  let files = 0;
  const base = dirname(scenarioPath);
  const links = await Promise.all(
    scenario.links.map(async (link: unknown, i) => {
      if (!isObject(link) || link.trace === undefined) return link;
      const many = Array.isArray(link.trace);
      const traces: unknown[] = many ? (link.trace as unknown[]) : [link.trace];
      const read = await Promise.all(
        traces.map(async (t, j) => {
          if (!isObject(t) || typeof t.file !== 'string') return t;
          const path = `links[${i}].trace${many ? `[${j}]` : ''}.file`;
          const full = resolve(base, t.file);
          const where = full === t.file ? JSON.stringify(t.file) : `${JSON.stringify(t.file)} (${full})`;
          if (t.ms !== undefined || t.sample !== undefined) {
            issues.push({ path, message: 'give one of `file`, `ms` and `sample`' });
            return t;
          }
          let text: string;
          try {
            text = await readFile(full);
          } catch (e) {
            issues.push({
              path,
              message: `cannot read the trace ${where}: ${errorText(e)} (a path is relative to the scenario file)`,
            });
            return t;
          }
          if (text.length > MAX_TRACE_FILE_CHARS) {
            issues.push({
              path,
              message: `${where} is too large for a trace: ${text.length} characters, at most ${MAX_TRACE_FILE_CHARS}`,
            });
            return t;
          }
          let ms: number[];
          try {
            ms = parseMahimahi(text);
          } catch (e) {
            issues.push({ path, message: `${where} is not a Mahimahi trace: ${(e as Error).message}` });
            return t;
          }
          const problem = mahimahiProblem(ms);
          if (problem) {
            const line = problem.at === null ? '' : ` (timestamp ${problem.at + 1})`;
            issues.push({ path, message: `${where} is not a usable trace${line}: ${problem.message}` });
            return t;
          }
          files++;
          const { file: _file, ...rest } = t;
          return { ...rest, ms };
        }),
      );
      return { ...link, trace: many ? read : read[0] };
    }),
  );
  if (issues.length) return { ok: false, issues };
  return { ok: true, value: { ...scenario, links }, files };
}
