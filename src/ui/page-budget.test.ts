/** The page's loader adds its memory budget; imports are refused by size before they are read. */
import { expect, it } from 'vitest';
import { dumbbell } from '../../tests/support/scenarios';
import { importTooLarge } from './import-size';
import { parsePageScenario } from './page-budget';

it('refuses, at the field to change, a scenario over the page budget that the plain loader accepts', () => {
  const s = dumbbell({ variants: ['reno'] });
  const input = {
    nodes: s.nodes,
    links: s.links,
    flows: Array.from({ length: 60 }, (_, i) => ({ ...s.flows[0], id: `f${i}`, tcp: { window: 1_000_000 } })),
  };
  const r = parsePageScenario(input);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.issues).toHaveLength(1);
  expect(r.issues[0]!.path).toBe('flows[0].tcp.window');
  expect(r.issues[0]!.message).toMatch(/more than the 512 MB allowed; .* \(the command-line runner, npm run sim, allows more\)$/);
  expect(parsePageScenario({ ...input, flows: input.flows.slice(0, 1) }).ok).toBe(true);
});

it('imports at most 10 MB', () => {
  expect(importTooLarge({ size: 10_000_000 })).toBeNull();
  expect(importTooLarge({ size: 12_345_678 })).toBe('(file): is 12 MB; a file the page imports may be at most 10 MB');
});
