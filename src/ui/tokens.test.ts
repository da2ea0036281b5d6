/**
 * The stylesheets stay on the design tokens: colours only in tokens.css,
 * every var() defined, no selector styled in two places, and the colour
 * pairs the page draws with reach WCAG contrast (4.5:1 for text, 3:1 for
 * lines, marks and focus rings).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { colourLiterals, contrast, cssRules, customProperties, resolveTokens, stripComments } from './css-rules';
import { PALETTE, PALETTE_TOKENS, SERIES_COLOURS, flowStyle } from './charts/palette';

const UI = join(__dirname);
const TOKENS_FILE = join(UI, 'tokens.css');

function cssFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return cssFiles(path);
    return name.endsWith('.css') ? [path] : [];
  });
}

const files = cssFiles(UI);
const tokens = customProperties(readFileSync(TOKENS_FILE, 'utf8'));
const colour = (name: string): string => {
  const v = resolveTokens(`var(${name})`, tokens);
  if (!/^#[0-9a-f]{6}$/i.test(v)) throw new Error(`${name} is not an opaque #rrggbb colour: ${v}`);
  return v;
};

describe('stylesheets', () => {
  it('finds the stylesheets', () => {
    expect(files.length).toBeGreaterThan(5);
    expect(files).toContain(TOKENS_FILE);
  });

  it.each(files.filter((f) => f !== TOKENS_FILE).map((f) => [relative(UI, f), f]))('%s has no colour literal', (_, file) => {
    const found = cssRules(readFileSync(file, 'utf8')).flatMap((r) =>
      r.declarations.flatMap(([p, v]) => colourLiterals(v).map((c) => `${r.selectors.join(', ')} { ${p}: ${c} }`)),
    );
    expect(found).toEqual([]);
  });

  it.each(files.map((f) => [relative(UI, f), f]))('%s uses only defined custom properties', (_, file) => {
    const text = stripComments(readFileSync(file, 'utf8'));
    const own = customProperties(text);
    const used = [...text.matchAll(/var\((--[\w-]+)/g)].map((m) => m[1]);
    expect(used.filter((name) => !tokens.has(name) && !own.has(name))).toEqual([]);
  });

  it('styles no selector in two stylesheets (each widget and view rule has one home)', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const file of files) {
      const where = relative(UI, file);
      for (const rule of cssRules(readFileSync(file, 'utf8'))) {
        for (const sel of rule.selectors) {
          const key = `${rule.context}|${sel}`;
          const before = seen.get(key);
          if (before !== undefined && before !== where) twice.push(`${sel}${rule.context ? ` in ${rule.context}` : ''}: ${before} and ${where}`);
          else seen.set(key, where);
        }
      }
    }
    expect(twice).toEqual([]);
  });
});

describe('contrast (WCAG 2)', () => {
  const TEXT = 4.5;
  const GRAPHIC = 3;
  const pairs: [string, string, number][] = [
    ['--text', '--surface', TEXT],
    ['--text', '--bg', TEXT],
    ['--muted', '--surface', TEXT],
    ['--muted', '--bg', TEXT],
    ['--muted', '--surface-subtle', TEXT],
    ['--accent-strong', '--surface', TEXT],
    ['--accent-strong', '--accent-soft', TEXT],
    ['--accent-deep', '--accent-softer', TEXT],
    ['--on-ink', '--accent', TEXT],
    ['--on-ink', '--accent-strong', TEXT],
    ['--on-ink', '--danger', TEXT],
    ['--on-ink', '--ink', TEXT],
    ['--header-text', '--header-bg', TEXT],
    ['--header-text-soft', '--header-bg', TEXT],
    ['--header-muted', '--header-bg', TEXT],
    ['--warn-text', '--warn-bg', TEXT],
    ['--danger', '--danger-bg', TEXT],
    ['--danger-strong', '--danger-bg-strong', TEXT],
    ['--ok', '--ok-bg', TEXT],
    ['--purple-text', '--purple-bg', TEXT],
    ['--focus-ring', '--surface', GRAPHIC],
    ['--focus-ring', '--bg', GRAPHIC],
    ['--focus-ring-on-dark', '--header-bg', GRAPHIC],
    ['--border-hover', '--surface', GRAPHIC],
    ['--border-hover', '--surface-subtle', GRAPHIC],
  ];
  it.each(pairs)('%s on %s reaches %d:1', (fg, bg, min) => {
    expect(contrast(colour(fg), colour(bg))).toBeGreaterThanOrEqual(min);
  });

  it('every line colour of the charts reaches 3:1 on the chart background', () => {
    const lines = [
      ...Object.entries(PALETTE).filter(([k]) => k !== 'orangeFill'),
      ...Array.from({ length: 14 }, (_, i) => [`flow ${i}`, flowStyle(i).colour] as const),
      ...Object.entries(SERIES_COLOURS).filter(([, c]) => c !== PALETTE.orangeFill),
    ];
    const weak = lines.filter(([, c]) => contrast(c, colour('--surface')) < GRAPHIC).map(([k, c]) => `${k} ${c}`);
    expect(weak).toEqual([]);
  });

  it('the raw orange is used only where a second cue carries it (fills, the black-edged triangle)', () => {
    expect(contrast(PALETTE.orangeFill, '#ffffff')).toBeLessThan(GRAPHIC);
    expect(Object.entries(SERIES_COLOURS).filter(([, c]) => c === PALETTE.orangeFill).map(([k]) => k).sort()).toEqual(['fastRetransmit', 'recovery']);
  });

  it('the canvases and the stylesheets use the same data colours', () => {
    for (const [key, token] of Object.entries(PALETTE_TOKENS)) {
      expect(colour(token).toLowerCase(), token).toBe(PALETTE[key as keyof typeof PALETTE].toLowerCase());
    }
  });

  it('two flows next to each other never share colour and dash', () => {
    const styles = Array.from({ length: 28 }, (_, i) => `${flowStyle(i).colour}|${flowStyle(i).dash ?? ''}`);
    expect(new Set(styles).size).toBe(28);
  });
});
