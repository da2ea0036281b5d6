/**
 * The queue lessons in the page: the bufferbloat scenario runs, its
 * bottleneck's queue can be switched to CoDel (with its parameters and ECN)
 * and exported; the Bufferbloat lesson computes its three runs and shows,
 * step by step, the queue delay of hundreds of ms under DropTail beside
 * CoDel's few; the ECN lesson's marking run loses nothing; the commute's
 * cellular trace drives the Lab's link label, capacity line and delay
 * chart. Screenshots at the two classroom sizes go to test-results/.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

for (const [w, h] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`bufferbloat at ${w}×${h}: play it, switch the bottleneck to CoDel, export`, async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await page.goto('./');
    await page.getByTestId('import-input').setInputFiles('scenarios/lessons/lesson-bufferbloat.json');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    await page
      .getByRole('button', { name: /^Link bottleneck,/ })
      .first()
      .click();
    const type = page.getByTestId('link-queue-type');
    await expect(type.locator('option')).toContainText(['DropTail', 'RED', 'CoDel', 'FQ-CoDel', 'PIE']);
    await type.selectOption('codel');
    await expect(page.getByTestId('link-aqm-target')).toBeVisible();
    await expect(page.getByTestId('link-aqm-interval')).toBeVisible();
    const ecn = page.getByLabel('Mark ECN-capable packets (CE) instead of dropping them');
    await expect(ecn).not.toBeChecked();
    await ecn.check();
    await page.screenshot({ path: `test-results/aqm-codel-panel-${w}.png` });

    const saving = page.waitForEvent('download');
    await button(page, 'Export scenario').click();
    const file = await saving;
    const path = testInfo.outputPath(file.suggestedFilename());
    await file.saveAs(path);
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.links.find((l: { id: string }) => l.id === 'bottleneck').queue).toMatchObject({
      type: 'codel',
      ecn: true,
    });

    await type.selectOption('pie');
    await expect(page.getByTestId('link-aqm-tUpdate')).toBeVisible();
    await expect(page.getByTestId('link-aqm-interval')).toHaveCount(0);
    expect(errors).toEqual([]);
  });
}

test('the Bufferbloat lesson computes its three runs', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('./');
  await button(page, 'Lessons').click();
  await button(page, 'Bufferbloat, CoDel and FQ-CoDel').click();
  await expect(page.getByRole('heading', { name: 'Bufferbloat, CoDel and FQ-CoDel' })).toBeVisible();
  await expect(page.getByTestId('lesson-step-counter')).toHaveText(/^Step 0 of \d+$/, { timeout: 60_000 });
  await expect(page.getByText('With the 1000-packet DropTail buffer, how late will the ping arrive')).toBeVisible();
  await page.screenshot({ path: 'test-results/aqm-lesson-1366.png' });
  expect(errors).toEqual([]);
});

/** The readout's value of a column for one run (data-value: the number the cell shows). */
async function readout(table: Locator, run: string, column: 'delay' | 'lost' | 'marks' | 'capacity' | 'ping'): Promise<number> {
  const v = await table.locator(`tr[data-run="${run}"]`).getByTestId(`readout-${column}`).getAttribute('data-value');
  return Number(v);
}

/** Go to step `n` of the open lesson with its scrubber. */
async function goToStep(page: Page, n: number): Promise<void> {
  await page.locator('.step-scrubber').fill(String(n));
  await expect(page.getByTestId('lesson-step-counter')).toHaveText(new RegExp(`^Step ${n} of`));
}

for (const [w, h] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`the Bufferbloat lesson at ${w}×${h}: the queue delay falls from hundreds of ms to about CoDel's target`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await page.goto('./#v=lessons&l=bufferbloat');
    const counter = page.getByTestId('lesson-step-counter');
    await expect(counter).toHaveText(/^Step 0 of \d+$/, { timeout: 60_000 });
    const last = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
    const chart = page.getByTestId('lesson-extra-chart');
    await expect(chart).toHaveAttribute('data-kind', 'delay');
    // The delay chart comes first: on screen without scrolling.
    await expect(chart).toBeInViewport();
    await expect(chart.getByRole('listitem').filter({ hasText: 'CoDel and FQ-CoDel target 5 ms' })).toHaveCount(1);
    const table = page.getByTestId('lesson-delay-readout');

    // Step by step past the first seconds (DropTail's slow start fills its 1000 packets by about 2 s):
    // DropTail's queue holds hundreds of ms, CoDel's and FQ-CoDel's about the 5 ms target.
    let checked = 0;
    for (const n of [0.2, 0.35, 0.5, 0.65, 0.8, 0.95].map((f) => Math.round(f * last))) {
      await goToStep(page, n);
      const at = Number(await table.getAttribute('data-at'));
      if (at < 2) continue;
      const droptail = await readout(table, 'droptail', 'delay');
      const codel = await readout(table, 'codel', 'delay');
      const fq = await readout(table, 'fqcodel', 'delay');
      expect(droptail, `DropTail at step ${n} (${at} s)`).toBeGreaterThan(200);
      expect(codel, `CoDel at step ${n} (${at} s)`).toBeLessThan(15);
      expect(fq, `FQ-CoDel at step ${n} (${at} s)`).toBeLessThan(15);
      // What the student reads: "667 ms" beside "4.7 ms".
      await expect(table.locator('tr[data-run="droptail"]').getByTestId('readout-delay')).toHaveText(/^\d{3} ms$/);
      await expect(table.locator('tr[data-run="codel"]').getByTestId('readout-delay')).toHaveText(/^\d+(\.\d)? ms$/);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
    await goToStep(page, Math.round(0.5 * last));
    await page.screenshot({ path: `test-results/aqm-bufferbloat-delay-${w}.png` });

    // At the end: the ping's one-way delay, hundreds of ms with DropTail, the path's 22 ms and a few with CoDel.
    await goToStep(page, last);
    await expect(table).toHaveAttribute('data-at', 'end');
    expect(await readout(table, 'droptail', 'ping')).toBeGreaterThan(300);
    expect(await readout(table, 'codel', 'ping')).toBeLessThan(30);
    expect(await readout(table, 'fqcodel', 'ping')).toBeLessThan(30);
    await page.screenshot({ path: `test-results/aqm-bufferbloat-end-${w}.png` });
    expect(errors).toEqual([]);
  });
}

test('the ECN lesson: the marking run loses nothing where the dropping run lost packets', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('./#v=lessons&l=ecn');
  const counter = page.getByTestId('lesson-step-counter');
  await expect(counter).toHaveText(/^Step 0 of \d+$/, { timeout: 60_000 });
  const last = Number((await counter.textContent())!.match(/of (\d+)/)![1]);
  const table = page.getByTestId('lesson-delay-readout');
  await goToStep(page, Math.round(last / 2));
  expect(await readout(table, 'drops', 'lost')).toBeGreaterThan(0);
  expect(await readout(table, 'marks', 'lost')).toBe(0);
  expect(await readout(table, 'marks', 'marks')).toBeGreaterThan(0);
  await goToStep(page, last);
  expect(await readout(table, 'drops', 'lost')).toBeGreaterThan(10);
  expect(await readout(table, 'marks', 'lost')).toBe(0);
  expect(await readout(table, 'marks', 'marks')).toBeGreaterThan(10);
  await page.screenshot({ path: 'test-results/aqm-ecn-end-1366.png' });
  expect(errors).toEqual([]);
});

for (const [w, h] of [
  [1366, 768],
  [1920, 1080],
] as const) {
  test(`a cellular trace drives the commute in the Lab at ${w}×${h}: live link label, capacity line, queue delay`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize({ width: w, height: h });
    await page.goto('./');
    // The commute up to the middle of the tunnel (40–43 s), so that the run ends there.
    const commute = JSON.parse(readFileSync('scenarios/lessons/lesson-commute.json', 'utf8'));
    commute.duration = 41.6;
    commute.measure = { from: 5, to: 41.6 };
    await page.getByTestId('import-input').setInputFiles({ name: 'commute.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(commute)) });
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    // Before the run: the trace's first second.
    const rate = page.locator('tspan.link-rate-live[data-link-rate="radio"]');
    await expect(rate).toHaveText(/^\d+(\.\d+)? Mbps$/);
    await expect(page.getByRole('button', { name: /^Link radio, .*traced capacity/ })).toHaveCount(1);

    // The label follows the trace as the run plays, and ends in the tunnel below 1 Mbps.
    await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(5)));
    // Every text the label takes, as the page writes it.
    await rate.evaluate((el) => {
      const w = window as unknown as { rates: string[] };
      w.rates = [el.textContent ?? ''];
      new MutationObserver(() => w.rates.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
    });
    await button(page, 'Play').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(rate).toHaveText(/^\d+ kbps$/);
    const rates = [...new Set(await page.evaluate(() => (window as unknown as { rates: string[] }).rates))];
    expect(rates.length, `rates seen: ${rates.join(', ')}`).toBeGreaterThan(5);
    await page.screenshot({ path: `test-results/aqm-commute-tunnel-${w}.png` });

    // The throughput chart draws the capacity in force; the queue chart its delay on the right axis.
    await expect(page.getByTestId('throughput-legend')).toContainText('capacity');
    const queue = page.getByTestId('queue-chart');
    await expect(queue.getByRole('listitem').filter({ hasText: 'queue delay (ms, right axis)' })).toHaveCount(1);
    await expect(queue.locator('.chart-plot')).toHaveAttribute('data-y2-max', /^\d/);
    await expect(page.getByTestId('queue-delay-now')).toContainText(/delay now \d/);
    await page.screenshot({ path: `test-results/aqm-commute-lab-${w}.png` });
    await page.getByTestId('throughput-chart').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/aqm-commute-charts-${w}.png` });
    expect(errors).toEqual([]);
  });
}
