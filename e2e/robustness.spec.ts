/**
 * The page against what used to freeze or blank it: share links the loader
 * now refuses (a huge window hung the engine, a deeply nested `ui` overflowed
 * the stack when copied to the worker), a worker that stops answering or
 * dies, and scenarios over the page's memory budget or size limit. Each
 * gives a message in plain words, and the page goes on — another scenario
 * plays — without a reload.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { deflateText, encodeShareHash, toBase64Url } from '../src/ui/share/share-link';

/** As much of the scenario file's shape as these tests change. */
type Scenario = Record<string, unknown> & { flows: { tcp: Record<string, unknown> }[] };
const SINGLE = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')) as Scenario;
const link = (change: (s: Scenario) => void): string => {
  const s = structuredClone(SINGLE);
  change(s);
  return `./${encodeShareHash({ scenario: { kind: 'full', input: s }, view: 'lab' })}`;
};

/** Mark the document: the mark is gone if the page reloads. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}
async function stillSamePage(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

/** Pick another scenario and play it: the run moves and its chart fills. */
async function playAnother(page: Page): Promise<void> {
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: 'Three drops in one window, NewReno' });
  await expect(page.getByTestId('scenario-name')).toHaveText('Three drops in one window, NewReno');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /playing|done/);
  await expect(page.locator('[data-testid^="cwnd-chart-"] .chart-plot').first()).toHaveAttribute('data-points', /^[1-9]\d*$/);
}

test.describe('share links that froze or blanked the page', () => {
  const errors: string[] = [];
  test.beforeEach(({ page }) => {
    errors.length = 0;
    page.on('pageerror', (e) => errors.push(e.message));
  });
  test.afterEach(() => {
    expect(errors).toEqual([]);
  });

  test('a window of 2.7e8 segments: a message, the default scenario, and the page goes on', async ({ page }) => {
    await page.goto(link((s) => (s.flows[0].tcp.window = 2.7e8)));
    const message = page.getByTestId('share-message');
    await expect(message).toContainText('This link carries a scenario the lab cannot run.');
    await expect(message).toContainText('flows[0].tcp.window: must be at most 1000000 (got 270000000)');
    await expect(page.getByTestId('scenario-name')).toHaveText('Single drop, Reno');
    await markPage(page);
    await playAnother(page);
    await stillSamePage(page);
  });

  test('a ui nested 10,000 deep in a 1 kB link: a message, and the page goes on', async ({ page }) => {
    // Written as text: a value this deep would overflow JSON.stringify here too.
    const text = JSON.stringify(SINGLE).replace(/^\{/, `{"ui":${'['.repeat(10_000)}0${']'.repeat(10_000)},`);
    const url = `./#s=${toBase64Url(deflateText(text))}`;
    expect(url.length).toBeLessThan(1500);
    await page.goto(url);
    await expect(page.getByTestId('share-message')).toContainText('ui: is nested too deeply: at most 32 levels');
    await markPage(page);
    await playAnother(page);
    await stillSamePage(page);
  });
});

test.describe('a worker that fails', () => {
  /** Serve `script` for the first engine worker the page starts, the real one after. */
  async function breakFirstWorker(page: Page, script: string): Promise<void> {
    let served = false;
    await page.route(/\/assets\/worker-[^/]*\.js$/, async (route) => {
      if (served) return route.continue();
      served = true;
      await route.fulfill({ contentType: 'text/javascript', body: script });
    });
  }

  test('stops answering: the watchdog says so, restarts it with the scenario, and it plays', async ({ page }) => {
    test.setTimeout(60_000);
    // The first worker takes its first command and never comes back.
    await breakFirstWorker(page, 'self.onmessage = () => { for (;;) {} };');
    await page.goto('./');
    const problem = page.getByTestId('problem');
    await expect(problem).toContainText('The simulation stopped responding', { timeout: 20_000 });
    await expect(problem).toContainText('while running “Single drop, Reno”: it did not answer within 8 seconds.');
    await expect(problem).toContainText('It has been restarted and your scenario is kept');
    await markPage(page);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByTestId('cwnd-chart-reno').locator('.chart-plot')).toHaveAttribute('data-points', /^[1-9]\d*$/);
    await playAnother(page);
    await stillSamePage(page);
  });

  test('dies: a message, a fresh worker, and the scenario plays', async ({ page }) => {
    await breakFirstWorker(page, "throw new Error('the worker ran out of memory');");
    await page.goto('./');
    const problem = page.getByTestId('problem');
    await expect(problem).toContainText('The simulation stopped');
    await expect(problem).toContainText('ran out of memory');
    await markPage(page);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    await expect(page.getByTestId('cwnd-chart-reno').locator('.chart-plot')).toHaveAttribute('data-points', /^[1-9]\d*$/);
    await stillSamePage(page);
  });
});

test.describe('limits of what the page takes', () => {
  test('a scenario over the memory budget is refused at the field to change', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    const s = structuredClone(SINGLE);
    s.name = 'Too many windows';
    s.flows = Array.from({ length: 60 }, (_, i) => ({ ...s.flows[0], id: `f${i}`, tcp: { window: 1_000_000 } }));
    s.faults = [];
    await page.getByTestId('import-input').setInputFiles({ name: 'huge.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(s)) });
    const problem = page.getByTestId('problem');
    await expect(problem).toContainText('Could not import huge.json');
    await expect(problem).toContainText(/flows\[0\]\.tcp\.window: the run would need about [\d.]+ MB of memory, more than the 512 MB allowed/);
    await expect(page.getByTestId('scenario-name')).toHaveText('Single drop, Reno');
  });

  test('a file over 10 MB is refused before it is read', async ({ page }) => {
    await page.goto('./');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    await page.getByTestId('import-input').setInputFiles({ name: 'big.json', mimeType: 'application/json', buffer: Buffer.alloc(11_000_000, 32) });
    await expect(page.getByTestId('problem')).toContainText('(file): is 11 MB; a file the page imports may be at most 10 MB');
  });
});
