/**
 * The loader's messages in the page's words. The loader (and the command
 * line) speak in field paths — `links[1].bandwidth: must be greater than 0
 * (got 0)` — which is right for a file but not for a page: there the same
 * problem reads "Link l2 → Bandwidth: must be more than 0 — for example
 * 10 Mbps", names the field as its control is labelled (field-labels.ts),
 * and keeps the path for a "details" line and for finding the control.
 *
 * The table works on any message, by two things the loader's messages share:
 * the path (which item, which field) and the kind of message (a bound, a
 * form, a reference, an ordering, …, recognised by its words). A message of
 * a kind it does not know still gets the item and field named, with the
 * loader's sentence after them, so new loader rules (and warnings) read
 * sensibly without a change here.
 */
import type { ScenarioIssue } from '../engine/scenario/types';
import { fieldInfo, ITEM_FIELDS, type ItemKind } from './field-labels';

export type Severity = 'error' | 'warning';

export type MessageKind =
  | 'above'
  | 'negative'
  | 'min'
  | 'max'
  | 'below'
  | 'form'
  | 'units'
  | 'required'
  | 'type'
  | 'too-large'
  | 'unknown-ref'
  | 'duplicate'
  | 'no-route'
  | 'same-ends'
  | 'order'
  | 'samples'
  | 'choice'
  | 'unknown-field'
  | 'other';

export interface WordedIssue {
  /** where, as the page labels it: "Link l2 → Bandwidth" */
  where: string;
  /** what to change: "must be more than 0 — for example 10 Mbps" */
  message: string;
  /** `${where}: ${message}` */
  text: string;
  /** the loader's own line, for the details: "links[1].bandwidth: must be greater than 0 (got 0)" */
  detail: string;
  /** the path of the control to focus */
  path: string;
  kind: MessageKind;
  severity: Severity;
}

/** The scenario as written, enough to name items by their ids. */
export interface DocLike {
  nodes?: unknown;
  links?: unknown;
  flows?: unknown;
  faults?: unknown;
}

type Segment = string | number;

/** `links[1].queue.limit` → ['links', 1, 'queue', 'limit']; null for a path that is not one. */
export function parsePath(path: string): Segment[] | null {
  const out: Segment[] = [];
  const re = /([A-Za-z_$][\w$]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]|\./gy;
  let m: RegExpExecArray | null;
  let at = 0;
  while (at < path.length && (m = re.exec(path))) {
    at = re.lastIndex;
    if (m[1] !== undefined) out.push(m[1]);
    else if (m[2] !== undefined) out.push(Number(m[2]));
    else if (m[3] !== undefined) out.push(JSON.parse(m[3]) as string);
  }
  return at === path.length && out.length ? out : null;
}

const LIST_ITEMS: Record<string, Exclude<ItemKind, 'run'>> = {
  nodes: 'node',
  links: 'link',
  flows: 'flow',
  faults: 'fault',
};
const ITEM_NOUN: Record<Exclude<ItemKind, 'run'>, string> = {
  node: 'Node',
  link: 'Link',
  flow: 'Flow',
  fault: 'Fault',
};
const FAULT_WORDS: Record<string, string> = {
  dropSegments: 'drop segments',
  dropBurst: 'drop a burst',
  linkDown: 'link down',
  randomLoss: 'random loss',
};
const SPECIAL_WHERE: Record<string, string> = {
  '(scenario)': 'Scenario',
  '(file)': 'File',
  '(edit)': 'Edit',
  '(fault)': 'Fault',
};

interface Place {
  item: ItemKind | null;
  /** "Link l2", "Run", "Scenario" */
  name: string;
  /** the field within the item, dotted ("queue.limit"); '' for the item itself */
  field: string;
}

function listAt(doc: DocLike | null | undefined, list: string): unknown[] {
  const v = doc ? (doc as Record<string, unknown>)[list] : undefined;
  return Array.isArray(v) ? v : [];
}

function place(path: string, doc: DocLike | null | undefined): Place {
  if (SPECIAL_WHERE[path]) return { item: null, name: SPECIAL_WHERE[path]!, field: '' };
  // "(first segment)": a field of a form, not of the scenario, named in words.
  const words = /^\(([^()]+)\)$/.exec(path);
  if (words) return { item: null, name: words[1]!.charAt(0).toUpperCase() + words[1]!.slice(1), field: '' };
  const segs = parsePath(path);
  if (!segs) return { item: null, name: path, field: '' };
  const [head, index, ...rest] = segs;
  const kind = typeof head === 'string' ? LIST_ITEMS[head] : undefined;
  if (kind && typeof index === 'number') {
    const item = listAt(doc, head as string)[index] as Record<string, unknown> | undefined;
    let name: string;
    if (kind === 'fault') {
      const words = typeof item?.kind === 'string' ? FAULT_WORDS[item.kind] : undefined;
      name = `Fault ${index + 1}${words ? ` (${words})` : ''}`;
    } else {
      const id = typeof item?.id === 'string' && item.id ? item.id : `${index + 1}`;
      name = `${ITEM_NOUN[kind]} ${id}`;
    }
    return { item: kind, name, field: rest.map(String).join('.') };
  }
  const field = segs.map(String).join('.');
  if (typeof head === 'string' && ITEM_FIELDS.run[head] === undefined && !ITEM_FIELDS.run[field]) {
    // Not a field of the format (a typo of one, or a label of the fault form): say it as written.
    return { item: 'run', name: 'Scenario', field };
  }
  return { item: 'run', name: 'Run', field };
}

/** "Link l2 → Bandwidth"; the field's label from the table the page's controls use. */
function whereOf(p: Place): string {
  if (!p.field) return p.name;
  const label = p.item ? fieldInfo(p.item, p.field).label : p.field;
  return `${p.name} → ${label}`;
}

/** A field named inside a message ("start", "minThresh", "measure.from") as the page labels it. */
function labelFor(p: Place, name: string): string {
  if (!p.item) return name;
  const table = ITEM_FIELDS[p.item];
  const parent = p.field.includes('.') ? p.field.slice(0, p.field.lastIndexOf('.')) : '';
  for (const key of [parent ? `${parent}.${name}` : name, name, `queue.${name}`, `tcp.${name}`]) {
    if (table[key]) return table[key]!.label;
  }
  if (table !== ITEM_FIELDS.run && ITEM_FIELDS.run[name]) return ITEM_FIELDS.run[name]!.label;
  return name;
}

const NUM = String.raw`-?\d+(?:\.\d+)?(?:e[-+]?\d+)?`;
const QUOTED = String.raw`"(?:[^"\\]|\\.)*"`;
const unquote = (q: string): string => {
  try {
    return JSON.parse(q) as string;
  } catch {
    return q;
  }
};
const readable = (n: string): string => {
  const x = Number(n);
  return Number.isInteger(x) && Math.abs(x) >= 10_000 ? x.toLocaleString('en') : n;
};

/** The loader's "(got …)" echo: the page shows the value in the field itself. */
function withoutGot(message: string): string {
  return message.replace(/\s*\(got (?:[^()]|\([^()]*\))*\)/, '');
}

interface Reworded {
  kind: MessageKind;
  message: string;
  /** add "— for example …" from the field's table */
  example?: boolean;
  /** focus this control instead of the issue's path */
  focus?: string;
}

function reword(raw: string, p: Place, path: string): Reworded {
  let m: RegExpExecArray | null;
  // Kinds whose words include "(got …)" come first.
  if ((m = /^must be (greater than 0|0 or more) \(got a negative (\w+): .*\)$/.exec(raw))) {
    return {
      kind: 'negative',
      message: m[1] === '0 or more' ? 'cannot be negative' : 'must be more than 0 (it is negative)',
      example: true,
    };
  }
  const msg = withoutGot(raw);
  if (
    (m = new RegExp(
      `^too small for a (${NUM}) s run: it would take (\\d+) samples, at most (\\d+) are kept \\(use at least (${NUM}) s\\)`,
    ).exec(msg))
  ) {
    return {
      kind: 'samples',
      message: `too fine for a ${readable(m[1]!)} s run: it would keep ${readable(m[2]!)} samples of each series, at most ${readable(m[3]!)} — use at least ${m[4]} s, or a shorter run`,
    };
  }
  if (
    (m = new RegExp(`^unknown (node|link|flow) (${QUOTED}) \\((.*)\\)(?:; did you mean (${QUOTED})\\?)?$`).exec(msg))
  ) {
    const [, what, id, listed, hint] = m;
    const known = listed!.startsWith('there are no')
      ? listed!
      : `the ${listed!.replace(/ are /, ' are: ').replace(/"/g, '')}`;
    return {
      kind: 'unknown-ref',
      message: `there is no ${what} ${unquote(id!)}${hint ? ` — did you mean ${unquote(hint)}?` : ` (${known})`}`,
    };
  }
  if ((m = new RegExp(`^duplicate id (${QUOTED}) \\(also (\\w+)\\[(\\d+)\\]\\)`).exec(msg))) {
    const noun = LIST_ITEMS[m[2]!] ?? 'item';
    return { kind: 'duplicate', message: `another ${noun} is already called ${unquote(m[1]!)} — choose another name` };
  }
  if ((m = new RegExp(`^no route from (${QUOTED}) to (${QUOTED})`).exec(msg))) {
    return {
      kind: 'no-route',
      message: `no route from ${unquote(m[1]!)} to ${unquote(m[2]!)} — add links that join them, or choose other ends`,
      focus: p.item === 'flow' && !p.field ? `${path}.to` : undefined,
    };
  }
  if ((m = new RegExp(`^a link must join two different nodes \\(both ends are (${QUOTED})\\)`).exec(msg))) {
    return { kind: 'same-ends', message: `joins ${unquote(m[1]!)} to itself — choose another node` };
  }
  if ((m = new RegExp(`^a flow must go to another node \\(from and to are both (${QUOTED})\\)`).exec(msg))) {
    return { kind: 'same-ends', message: `goes from ${unquote(m[1]!)} to itself — choose another node` };
  }
  if (
    (m =
      /^must be (later than|earlier than|greater than|less than|at least|at most) (the )?([A-Za-z][\w.]*) \(([^)]*)\)(.*)$/.exec(
        msg,
      ))
  ) {
    const rel = m[1] === 'greater than' ? 'more than' : m[1];
    return { kind: 'order', message: `must be ${rel} ${m[2] ?? ''}${labelFor(p, m[3]!)} (${m[4]})${m[5]}` };
  }
  if ((m = /^must be earlier than the end of the run \(duration ([^)]*)\)/.exec(msg))) {
    return { kind: 'order', message: `must be before the end of the run (${labelFor(p, 'duration')} ${m[1]})` };
  }
  if ((m = /^must not exceed the queue limit \(([^)]*)\)(.*)$/.exec(msg))) {
    return { kind: 'order', message: `must not exceed the ${labelFor(p, 'limit')} (${m[1]})${m[2]}` };
  }
  if (
    (m =
      /^must be (a bandwidth|a time|a size) such as "([^"]+)" or a number of [^,;]+?(?:, and finite)?(?:; known units: (.*))?$/.exec(
        msg,
      ))
  ) {
    const info = p.item ? fieldInfo(p.item, p.field) : undefined;
    const example = info?.example ?? m[2]!;
    return { kind: 'form', message: `must be ${m[1]} — for example ${example}${m[3] ? ` (units: ${m[3]})` : ''}` };
  }
  if (/^(bandwidths are in bits|sizes are in bytes)/.test(msg)) return { kind: 'units', message: msg };
  if ((m = new RegExp(`^must be greater than (${NUM})(?: (\\S+))?$`).exec(msg))) {
    return { kind: 'above', message: `must be more than ${m[1]}${m[2] ? ` ${m[2]}` : ''}`, example: true };
  }
  if ((m = new RegExp(`^must be at least (${NUM})(?: (.+))?$`).exec(msg))) {
    return { kind: 'min', message: `must be at least ${readable(m[1]!)}${m[2] ? ` ${m[2]}` : ''}`, example: true };
  }
  if ((m = new RegExp(`^must be at most (${NUM})(?: (.+))?$`).exec(msg))) {
    return { kind: 'max', message: `must be at most ${readable(m[1]!)}${m[2] ? ` ${m[2]}` : ''}`, example: true };
  }
  if ((m = new RegExp(`^must be less than (${NUM})(?: (.+))?$`).exec(msg))) {
    return { kind: 'below', message: `must be less than ${readable(m[1]!)}${m[2] ? ` ${m[2]}` : ''}`, example: true };
  }
  if ((m = /^is required(?:: one of (.*)|: (a bandwidth|a time|a size) such as .*| \((.*)\))?$/.exec(msg))) {
    const what = m[1] ? `: choose one of ${m[1].replace(/"/g, '')}` : '';
    return { kind: 'required', message: `is missing${what}`, example: !m[1] };
  }
  if (
    (m =
      /^must be (a number|a whole number(?: of \S+)?|a finite number|a string|true or false|a list|an object|null)$/.exec(
        msg,
      ))
  ) {
    return { kind: 'type', message: `must be ${m[1]}`, example: true };
  }
  if (/^is too large/.test(msg)) return { kind: 'too-large', message: 'is too large', example: true };
  if ((m = new RegExp(`^unknown (\\w+) (${QUOTED}); known \\w+: (.*?)(?:; did you mean "(.*)"\\?)?$`).exec(msg))) {
    return {
      kind: 'choice',
      message: `${m[2]} is not one of the choices (${m[3]})${m[4] ? ` — did you mean ${m[4]}?` : ''}`,
    };
  }
  if ((m = /^must be one of (.*)$/.exec(msg)))
    return { kind: 'choice', message: `must be one of ${m[1]!.replace(/"/g, '')}` };
  if ((m = /^unknown field(?:; did you mean "(.*)"\?|; known fields: .*)?$/.exec(msg))) {
    const hint = m[1] ? ` — did you mean ${labelFor(p, m[1])}?` : '';
    return { kind: 'unknown-field', message: `is not a setting the lab knows${hint}` };
  }
  return { kind: 'other', message: msg };
}

/** One issue in the page's words. `doc` is the scenario the issue was found in (for the items' names). */
export function wordIssue(
  issue: ScenarioIssue,
  doc: DocLike | null | undefined,
  severity: Severity = 'error',
): WordedIssue {
  const p = place(issue.path, doc);
  const r = reword(issue.message, p, issue.path);
  const info = p.item && p.field ? fieldInfo(p.item, p.field) : undefined;
  const message = r.example && info?.example ? `${r.message} — for example ${info.example}` : r.message;
  const where = whereOf(p);
  return {
    where,
    message,
    text: `${where}: ${message}`,
    detail: `${issue.path}: ${issue.message}`,
    path: r.focus ?? issue.path,
    kind: r.kind,
    severity,
  };
}

/** Many issues, in order. */
export function wordIssues(
  issues: readonly ScenarioIssue[],
  doc: DocLike | null | undefined,
  severity: Severity = 'error',
): WordedIssue[] {
  return issues.map((i) => wordIssue(i, doc, severity));
}
