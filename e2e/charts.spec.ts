/**
 * The Lab view's charts: one shared time axis (zooming one zooms all), the
 * throughput chart's legend, and the time-sequence diagram's retransmission
 * after Step reaches the fast retransmit.
 */
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
  await expect(tsd.getByTestId('timeseq-flow')).toHaveValue('reno');
  await expect(tsd.getByTestId('timeseq-retransmits')).toHaveAttribute('data-count', '0');
  for (let i = 0; i < 10; i++) {
    await button(page, 'Step').click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
    if (/fast retransmit/i.test((await page.getByTestId('caption').textContent()) ?? '')) break;
  }
  await expect(page.getByTestId('caption')).toContainText(/fast retransmit/i);
  await expect(tsd.getByTestId('timeseq-retransmits')).toHaveAttribute('data-count', /^[1-9]/);
  await expect(tsd.getByTestId('timeseq-drops')).toHaveAttribute('data-count', /^[1-9]/);
  await expect(tsd.locator('path.tsd-sent')).toHaveAttribute('d', /^M.+h0M/);
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
  await expect(cwnd.locator('rect.band')).not.toHaveCount(0);

  const queue = page.getByTestId('queue-chart');
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
  await expect(chart.locator('path.line-secondary')).toHaveAttribute('d', /^M.+L/);
  await expect(chart.locator('.axis-y2 .tick')).not.toHaveCount(0);
  await chart.screenshot({ path: 'test-results/charts-vegas-trace.png' });
  expect(errors).toEqual([]);
});
