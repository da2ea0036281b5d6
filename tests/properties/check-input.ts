/**
 * One malformed scenario, checked: the loader never throws and words every
 * problem as one short line at a field path; a value no field accepts is
 * refused at (or around) its place; the command-line runner, given the file,
 * writes nothing and exits 2; nothing reaches Object.prototype.
 */
import { formatIssues, parseScenario, parseScenarioText } from '../../src/engine/scenario';
import { main, type SimIo } from '../../src/cli/main';
import { related, type Mutated } from './mutations';

/** A field path as the loader writes it: `(scenario)`, `(file)`, or `name[3].field["odd key"]…`. */
const PATH = /^(\(scenario\)|\(file\)|[A-Za-z_$][\w$…]*(\[\d+\]|\["[^"]*"\]|\.[A-Za-z_$][\w$…]*)*)$/;

export async function checkInput(m: Mutated): Promise<string[]> {
  const problems: string[] = [];
  let result;
  try {
    result = parseScenario(m.input);
  } catch (error) {
    return [`parseScenario threw: ${String(error)}`];
  }
  if (!result.ok) {
    if (result.issues.length === 0) problems.push('refused without an issue');
    for (const issue of [...result.issues, ...result.warnings]) {
      if (!PATH.test(issue.path)) problems.push(`not a field path: ${JSON.stringify(issue.path.slice(0, 100))}`);
      if (issue.message.length === 0 || issue.message.length > 600 || /[\n\r\u2028]/.test(issue.message)) {
        problems.push(`not one short line at ${issue.path}: ${JSON.stringify(issue.message.slice(0, 100))}…`);
      }
      if (/Invalid input|expected .* received/.test(issue.message))
        problems.push(`zod's own words at ${issue.path}: ${issue.message}`);
    }
  }
  if (m.expect === 'invalid') {
    if (result.ok) problems.push(`${m.kind} at ${m.path} was accepted`);
    else if (!result.issues.some((i) => related(i.path, m.path))) {
      problems.push(
        `${m.kind} at ${m.path}: no issue there (${formatIssues(result.issues).slice(0, 3).join(' | ').slice(0, 300)})`,
      );
    }
  }
  if (({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was polluted');

  // The file, through the runner.
  const fromText = parseScenarioText(m.text);
  if (!fromText.ok) {
    const files = new Map<string, string>([['s.json', m.text]]);
    const dirs: string[] = [];
    let stderr = '';
    let ran = false;
    const io: SimIo = {
      stdout: () => {},
      stderr: (t) => void (stderr += t),
      readFile: async (p) => files.get(p) ?? '',
      writeFile: async (p, t) => void files.set(p, t),
      mkdir: async (p) => void dirs.push(p),
      createWriter: (p) => (files.set(p, ''), { write: () => {}, close: () => {} }),
      rename: async () => {},
      remove: async () => {},
    };
    let code: number;
    try {
      code = await main(['s.json', '--out', 'out'], io, () => ((ran = true), {}));
    } catch (error) {
      return [...problems, `the runner threw: ${String(error)}`];
    }
    if (code !== 2) problems.push(`the runner exited ${code} for an invalid file`);
    if (ran || dirs.length || files.size !== 1) problems.push('the runner wrote something for an invalid file');
    const lines = stderr.trimEnd().split('\n');
    for (const line of lines) {
      if (!line.startsWith('s.json: ') && !line.startsWith('warning: '))
        problems.push(`a stderr line without the file and path: ${line.slice(0, 100)}`);
      if (line.length > 1000) problems.push(`a stderr line of ${line.length} characters`);
    }
  }
  return problems;
}
