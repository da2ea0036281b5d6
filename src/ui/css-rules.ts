/**
 * A small reader of the page's own stylesheets, for the tests that keep them
 * tidy (tokens.test.ts): the rules of a file with their selectors and
 * declarations, the custom properties a file defines, and WCAG contrast.
 * Not a general CSS parser: it reads what this project writes (no nested
 * rules except inside @media / @supports, no strings containing braces).
 */

export interface CssRule {
  /** enclosing at-rule, e.g. "@media (max-width: 720px)", or '' at top level */
  context: string;
  /** the rule's selectors, one per comma-separated part, whitespace normalized */
  selectors: string[];
  /** property → value, in order */
  declarations: [string, string][];
}

export function stripComments(css: string): string {
  return css.replace(/\/\*[\s\S]*?\*\//g, '');
}

/** Every style rule of a stylesheet (keyframes left out). */
export function cssRules(css: string, context = ''): CssRule[] {
  const text = stripComments(css);
  const out: CssRule[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text.indexOf('{', i);
    if (open < 0) break;
    const head = text.slice(i, open).trim();
    let depth = 1;
    let k = open + 1;
    while (depth > 0 && k < text.length) {
      if (text[k] === '{') depth++;
      else if (text[k] === '}') depth--;
      k++;
    }
    const body = text.slice(open + 1, k - 1);
    i = k;
    if (head.startsWith('@keyframes') || head.startsWith('@font-face') || head.startsWith('@property')) continue;
    if (head.startsWith('@')) {
      out.push(...cssRules(body, normalize(head)));
      continue;
    }
    out.push({
      context,
      selectors: splitSelectors(head).map(normalize),
      declarations: body
        .split(';')
        .map((d) => d.trim())
        .filter((d) => d.includes(':'))
        .map((d) => {
          const c = d.indexOf(':');
          return [d.slice(0, c).trim(), d.slice(c + 1).trim()] as [string, string];
        }),
    });
  }
  return out;
}

/** Split a selector list at top-level commas (not those inside :is(…), :has(…)). */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const ch = list[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      out.push(list.slice(start, i));
      start = i + 1;
    }
  }
  out.push(list.slice(start));
  return out.map((s) => s.trim()).filter(Boolean);
}

function normalize(s: string): string {
  return s.replace(/\s+/g, ' ').replace(/"/g, "'").trim();
}

/** Custom properties defined anywhere in the stylesheet: name → value. */
export function customProperties(css: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const rule of cssRules(css)) for (const [p, v] of rule.declarations) if (p.startsWith('--')) out.set(p, v);
  return out;
}

/** Colour literals in a value: hex, rgb(a)(), hsl(a)(), and the named colours a stylesheet is likely to use. */
export function colourLiterals(value: string): string[] {
  return value.match(/#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?)\([^)]*\)|(?<![-\w])(?:white|black|red|blue|green|orange|gray|grey|yellow|purple)(?![-\w])/g) ?? [];
}

/** Resolve var(--x) references against `tokens` (one level at a time, until none is left). */
export function resolveTokens(value: string, tokens: ReadonlyMap<string, string>): string {
  let v = value;
  for (let depth = 0; depth < 10 && v.includes('var('); depth++) {
    v = v.replace(/var\((--[\w-]+)\)/g, (m, name: string) => tokens.get(name) ?? m);
  }
  return v;
}

/** sRGB channels 0–1 of #rgb / #rrggbb. */
function channels(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3) h = h.replace(/./g, (c) => c + c);
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16) / 255) as [number, number, number];
}

/** WCAG 2 relative luminance. */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((v) => (v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2 contrast ratio of two opaque colours, 1–21. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}
