/**
 * The Lab view's charts: one shared time axis (zooming one zooms all, follow
 * live while playing), the throughput chart's legend, the time-sequence
 * diagram's retransmission after Step reaches the fast retransmit, and the
 * many-flow layout. The series are drawn on canvas: the tests read what each
 * chart drew from its data attributes (data-lines, data-bands, data-sent,
 * data-retransmits, …) and the SVG axes' tick labels.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const xTicks = (chart: Locator) => chart.locator('.axis-x .tick text').allTextContents();

async function open(page: Page, errors: string[]): Promise<void> {
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: 'Single drop, Reno' });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
}

test('step to the fast retransmit: the time-sequence diagram marks the retransmission', async ({ page }) => {
  const errors: string[] = [];
  await open(page, errors);
  const tsd = page.getByTestId('timeseq-chart');
  const tsdPlot = tsd.locator('.chart-plot');
  await tsd.scrollIntoViewIfNeeded(); // as a student would: charts out of view redraw only now and then
  await expect(tsd.getByTestId('timeseq-flow')).toHaveValue('reno');
  await expect(tsdPlot).toHaveAttribute('data-retransmits', '0');
  for (let i = 0; i < 10; i++) {
    await button(page, 'Step').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
    if (/fast retransmit/i.test((await page.getByTestId('caption').textContent()) ?? '')) break;
  }
  await expect(page.getByTestId('caption')).toContainText(/fast retransmit/i);
  await expect(tsdPlot).toHaveAttribute('data-retransmits', /^[1-9]/);
  await expect(tsdPlot).toHaveAttribute('data-drops', /^[1-9]/);
  await expect(tsdPlot).toHaveAttribute('data-sent', /^[1-9]\d\d/);
  await expect(tsdPlot).toHaveAttribute('data-acks', /^[1-9]\d\d/);
  // "Show on charts" zooms every chart to the moments around the event, the retransmission in view.
  await page.getByTestId('caption-zoom').click();
  await expect(page.getByTestId('time-window')).toHaveText(/^\d+\.\d{3}–\d+\.\d{3} s$/);
  await expect(tsdPlot).toHaveAttribute('data-retransmits', /^[1-9]/);
  // every protocol event around it is marked (the loss, the fast retransmit, recovery), each kind in the legend
  await expect(page.getByTestId('cwnd-chart-reno').locator('.chart-plot')).toHaveAttribute('data-markers', /^[2-9]|^\d\d/);
  for (const kind of ['drop', 'fast retransmit', 'recovery starts']) {
    await expect(page.getByTestId('cwnd-chart-reno').getByRole('listitem').filter({ hasText: new RegExp(`^${kind}$`) })).toHaveCount(1);
  }
  // Reno's fast recovery: cwnd + inflation drawn beside cwnd and ssthresh once the window inflates.
  const cwnd = page.getByTestId('cwnd-chart-reno');
  await expect(cwnd.getByRole('listitem').filter({ hasText: 'cwnd + inflation (fast recovery)' })).toHaveCount(1);
  for (let i = 0; i < 3; i++) await button(page, 'Step').click();
  await expect(cwnd.locator('.chart-plot')).toHaveAttribute('data-lines', '3');
  expect(errors).toEqual([]);
});

test('zooming moves every chart’s time axis together; the throughput legend lists the flows', async ({ page }) => {
  const errors: string[] = [];
  await open(page, errors);
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });

  await expect(page.getByTestId('throughput-legend')).toContainText('flow reno');
  await expect(page.getByTestId('throughput-chart')).toContainText('throughput (kbit/s)');
  // Reno's fast recovery is shaded on its cwnd chart.
  const cwnd = page.getByTestId('cwnd-chart-reno');
  await expect(cwnd.locator('.chart-plot')).toHaveAttribute('data-bands', /^[1-9]/);

  const queue = page.getByTestId('queue-chart');
  await queue.scrollIntoViewIfNeeded();
  const before = await xTicks(cwnd);
  // Charts scrolled out of view redraw at most once a second: poll.
  await expect.poll(() => xTicks(queue)).toEqual(before);
  await button(page, 'Zoom in').click();
  await button(page, 'Zoom in').click();
  await expect.poll(() => xTicks(cwnd)).not.toEqual(before);
  const zoomed = await xTicks(cwnd);
  await expect.poll(() => xTicks(queue)).toEqual(zoomed);
  await expect.poll(() => xTicks(page.getByTestId('throughput-chart'))).toEqual(zoomed);
  await expect(page.getByTestId('time-window')).toContainText('s');

  // The keyboard on a focused chart: 0 shows the whole run again.
  await cwnd.locator('.chart-plot').focus();
  await page.keyboard.press('0');
  await expect.poll(() => xTicks(queue)).toEqual(before);
  await expect(page.getByTestId('time-window')).toHaveText('whole run');
  await page.screenshot({ path: 'test-results/charts-lab-view.png' });
  await page.getByTestId('charts').screenshot({ path: 'test-results/charts-all.png' });
  expect(errors).toEqual([]);
});

test('a Vegas flow’s own trace is drawn on a right axis with its unit', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByTestId('import-input').setInputFiles('scenarios/lessons/lesson-vegas-queue.json');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const select = page.locator('[data-testid^="variant-trace-"]').first();
  await expect(select.locator('option')).toContainText(['none', 'vegas_diff (segments)']);
  await select.selectOption('vegas_diff');
  const chart = page.locator('figure', { has: select });
  await expect(chart.locator('.axis-label-y2')).toHaveText('vegas_diff (segments)');
  await expect(chart.locator('.chart-plot')).toHaveAttribute('data-secondary-points', /^[1-9]/);
  await expect(chart.locator('.axis-y2 .tick')).not.toHaveCount(0);
  await chart.screenshot({ path: 'test-results/charts-vegas-trace.png' });
  expect(errors).toEqual([]);
});

test('zooming while the run plays follows the newest data; a pan holds the view until Follow live', async ({ page }) => {
  const errors: string[] = [];
  await open(page, errors);
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(1)));
  await button(page, 'Play').click();
  await expect.poll(async () => Number(await page.getByTestId('sim-time').textContent())).toBeGreaterThan(0.3);
  await button(page, 'Zoom in').click();
  await expect(page.getByTestId('time-window')).toContainText('live');
  const plot = page.getByTestId('cwnd-chart-reno').locator('.chart-plot');
  const t1 = Number(await plot.getAttribute('data-t1'));
  // The window's right edge moves on with the run.
  await expect.poll(async () => Number(await plot.getAttribute('data-t1'))).toBeGreaterThan(t1 + 0.2);
  await plot.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('time-window')).toHaveText(/^\d+\.\d{3}–\d+\.\d{3} s$/);
  const held = await plot.getAttribute('data-t1');
  await page.waitForTimeout(400);
  await expect(plot).toHaveAttribute('data-t1', held!);
  await button(page, 'Follow live').click();
  await expect(page.getByTestId('time-window')).toContainText('live');
  await button(page, 'Pause').click();
  expect(errors).toEqual([]);
});

test('many flows share one cwnd chart by default; the teacher can split them', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  const scenario = { ...JSON.parse(readFileSync('bench/dumbbell-22.json', 'utf8')), duration: 3 };
  await page.getByTestId('import-input').setInputFiles({ name: 'dumbbell-22.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(scenario)) });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  const overlay = page.getByTestId('cwnd-overlay-chart');
  await expect(overlay.getByTestId('cwnd-overlay-legend').locator('li')).toHaveCount(22); // 20 flows + 2 marker kinds
  await expect(overlay.locator('.chart-plot')).toHaveAttribute('data-lines', '20');
  await expect(page.getByTestId('throughput-legend').locator('li')).toHaveCount(22);
  await page.getByTestId('charts').screenshot({ path: 'test-results/charts-22-flows.png' });
  await button(page, 'One chart per flow').click();
  await expect(page.locator('[data-testid^="cwnd-chart-"]')).toHaveCount(20);
  await expect(overlay).toHaveCount(0);
  expect(errors).toEqual([]);
});
