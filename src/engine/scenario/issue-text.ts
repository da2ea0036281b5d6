/**
 * Every issue as one short line: the runner prints one line per problem, the
 * page one list item. Values echoed from a hostile file (a 1 MB field name, a
 * key with newlines in it) must not turn into a 1 MB line or a second line.
 */
import type { ScenarioIssue } from './types';

export const MAX_PATH_CHARS = 200;
export const MAX_MESSAGE_CHARS = 600;
/** Issues reported at most; the rest are counted in one last line. */
export const MAX_ISSUES = 100;

// C0 and C1 controls, and the Unicode line and paragraph separators: matching
// control characters is the point here.
// eslint-disable-next-line no-control-regex
const BREAKS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** `text` on one line, cut to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(BREAKS, ' ');
  if (flat.length <= max) return flat;
  let cut = max - 1;
  // Do not split a surrogate pair.
  const c = flat.charCodeAt(cut - 1);
  if (c >= 0xd800 && c <= 0xdbff) cut--;
  return `${flat.slice(0, cut)}…`;
}

/** Each issue on one line, and at most MAX_ISSUES of them (the last says how many more there were). */
export function tidyText(issues: readonly ScenarioIssue[]): ScenarioIssue[] {
  const shown = issues.slice(0, MAX_ISSUES).map((i) => ({
    path: oneLine(i.path, MAX_PATH_CHARS),
    message: oneLine(i.message, MAX_MESSAGE_CHARS),
  }));
  if (issues.length > MAX_ISSUES) {
    const more = issues.length - MAX_ISSUES;
    shown.push({
      path: '(scenario)',
      message: `and ${more} more problem${more === 1 ? '' : 's'} not listed (fix these first)`,
    });
  }
  return shown;
}
