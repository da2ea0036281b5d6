/**
 * axe-core on every view as it is used: the Lab before and during a run,
 * with the presenter layout on and off, a lesson with its questions, and the
 * Experiment view — no violation, including axe's check that a control's
 * accessible name contains its visible text (label-content-name-mismatch).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

async function violations(page: Page): Promise<string[]> {
  // Evaluated from outside (DevTools protocol), not as a <script>: the page's
  // Content-Security-Policy allows no inline script, and stays on while axe looks.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, opts: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const r = await axe.run(document, { rules: { 'label-content-name-mismatch': { enabled: true } } });
    return r.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    // axe is injected as an inline script, which the page's own policy rightly
    // refuses: the test browser lets it through (csp.spec.ts tests the policy).
    test.use({ viewport: size, bypassCSP: true });

    test('the Lab has no axe violations before and during a run, presenter on and off', async ({ page }) => {
      await page.goto('./');
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
      expect(await violations(page), 'Lab, before a run').toEqual([]);
      await page.keyboard.press('p');
      await expect(page.locator('html')).toHaveClass(/presenter/);
      expect(await violations(page), 'presenter, before a run').toEqual([]);
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(0.05)));
      await page.getByRole('button', { name: 'Play', exact: true }).click();
      await expect.poll(async () => Number(await page.getByTestId('sample-count').textContent())).toBeGreaterThan(3);
      expect(await violations(page), 'presenter, during a run (packets on the wire)').toEqual([]);
      await page.getByTestId('presenter-extra-events').click();
      expect(await violations(page), 'presenter, event log').toEqual([]);
      await page.keyboard.press('p');
      await expect(page.locator('html')).not.toHaveClass(/presenter/);
      expect(await violations(page), 'Lab, during a run').toEqual([]);
    });

    test('a lesson and the Experiment view have no axe violations', async ({ page }) => {
      await page.goto('./#v=lessons&l=one-loss&step=3');
      await expect(page.getByTestId('lesson-step-counter')).toHaveText('Step 3 of 8', { timeout: 15_000 });
      expect(await violations(page), 'a lesson, a question asked').toEqual([]);
      // A queue lesson: its delay chart, log-scale toggle and readout table.
      await page.goto('./#v=lessons&l=bufferbloat&step=40');
      await expect(page.getByTestId('lesson-delay-readout')).toBeVisible({ timeout: 60_000 });
      expect(await violations(page), 'the bufferbloat lesson, its delay readout').toEqual([]);
      await page.goto('./#v=experiment');
      await expect(page.getByTestId('experiment-base')).toBeVisible();
      expect(await violations(page), 'Experiment').toEqual([]);
    });
  });
}
