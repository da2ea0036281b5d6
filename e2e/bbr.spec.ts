/**
 * BBR as a teacher shows it, against the production build: the "BBR alone"
 * example in the Lab with BBR's estimates on the cwnd chart's second axis,
 * and the two BBR lessons — "BBR alone" stepping through STARTUP, DRAIN,
 * PROBE_BW and PROBE_RTT, and Reno, CUBIC and BBR sharing a bottleneck.
 * Screenshots at a projector's 1366×768 and a 1920×1080 screen go to
 * test-results/ (bbr-*.png).
 */
import { expect, test, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const counter = (page: Page) => page.getByTestId('lesson-step-counter');
const title = (page: Page) => page.getByTestId('lesson-step-title');
const caption = (page: Page) => page.getByTestId('lesson-caption');
const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

async function openLesson(page: Page, name: string, steps: number): Promise<void> {
  await page.goto('./');
  await button(page, 'Lessons').click();
  await button(page, name).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(counter(page)).toHaveText(`Step 0 of ${steps}`, { timeout: 30_000 });
}

test('BBR in the Lab: its bandwidth estimate, min RTT and pacing rate on the cwnd chart’s second axis', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('./#p=bbr-alone');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const select = page.getByTestId('variant-trace-tcp');
  const chart = page.locator('figure', { has: select });
  for (const [column, label] of [
    ['bbr_min_rtt_ms', 'bbr_min_rtt_ms (ms)'],
    ['pacing_rate_kbps', 'pacing_rate_kbps (kbit/s)'],
    ['bbr_btlbw_kbps', 'bbr_btlbw_kbps (kbit/s)'],
  ]) {
    await select.selectOption(column);
    await expect(chart.locator('.axis-label-y2')).toHaveText(label);
    await expect(chart.locator('.chart-plot')).toHaveAttribute('data-secondary-points', /^[1-9]/);
  }
  // The estimate's axis reaches the link's 10 Mb/s, in kbit/s.
  const tick = (t: string) => Number(t.replace(/[^\d.]/g, '')) * (/k\s*$/.test(t) ? 1000 : 1);
  const ticks = (await chart.locator('.axis-y2 .tick text').allTextContents()).map(tick);
  expect(Math.max(...ticks)).toBeGreaterThanOrEqual(8000);
  // The state changes are in the event log.
  await expect(page.getByText('BBR: PROBE_RTT').first()).toBeAttached();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await chart.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/bbr-lab-${size.width}.png` });
    await chart.screenshot({ path: `test-results/bbr-lab-cwnd-${size.width}.png` });
  }
  expect(errors).toEqual([]);
});

test('the BBR lesson reaches STARTUP, DRAIN, PROBE_BW and PROBE_RTT, each with its caption', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(SIZES[0]);
  await openLesson(page, 'BBR alone: startup, drain and probing', 8);
  const expected: [string, RegExp][] = [
    ['BBR: STARTUP', /BBR starts in STARTUP with cwnd 2: it paces at 2\/ln 2 ≈ 2\.89 times/],
    ['BBR: DRAIN', /STARTUP is over at 0\.\d+ s: .*BBR leaves STARTUP for DRAIN/],
    ['BBR: PROBE_BW', /BBR enters PROBE_BW: pacing at [\d.]+ Mb\/s × a gain that cycles 1\.25, 0\.75/],
    ['BBR: PROBE_RTT', /measured 10 s ago and not seen since: BBR enters PROBE_RTT — cwnd 4 segments/],
    ['BBR: PROBE_BW', /BBR leaves PROBE_RTT for PROBE_BW with its window restored/],
  ];
  for (const [i, [name, text]] of expected.entries()) {
    const startup = page.getByTestId('question-bbr-alone-startup');
    if (i === 0) {
      await expect(startup).toHaveAttribute('data-mode', 'upcoming');
      await startup.getByRole('radio', { name: 'It grows, to about one to two BDPs' }).check();
    }
    await button(page, 'Step').click();
    await expect(counter(page)).toHaveText(`Step ${i + 1} of 8`);
    await expect(title(page)).toHaveText(name);
    await expect(caption(page)).toContainText(text);
    if (i === 0) {
      await startup.getByRole('button', { name: 'Reveal' }).click();
      await expect(startup.getByTestId('question-answer')).toContainText('Right');
    }
    if (name === 'BBR: PROBE_RTT' && i === 3) {
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await page.screenshot({ path: `test-results/bbr-lesson-alone-${size.width}.png`, fullPage: true });
      }
      await page.setViewportSize(SIZES[0]);
    }
  }
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(counter(page)).toHaveText('Step 8 of 8');
  await expect(page.getByTestId('lesson-summary')).toContainText('BBR');
  expect(errors).toEqual([]);
});

test('Reno, CUBIC and BBR share a bottleneck: predict, step, and the shares at the end', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('./');
  await button(page, 'Lessons').click();
  await button(page, 'Reno, CUBIC and BBR share a bottleneck').click();
  await expect(counter(page)).toHaveText(/^Step 0 of \d+$/, { timeout: 60_000 });
  const predict = page.getByTestId('question-bbr-share-shallow');
  await predict.getByRole('radio', { name: 'BBR', exact: true }).check();
  await button(page, 'Step').click();
  await expect(title(page)).toHaveText('BBR: STARTUP');
  await predict.getByRole('button', { name: 'Reveal' }).click();
  await expect(predict.getByTestId('question-answer')).toContainText('Right: BBR.');
  for (let i = 0; i < 3; i++) await button(page, 'Step').click();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/bbr-lesson-share-${size.width}.png`, fullPage: true });
  }
  // The end: each flow's throughput in each run.
  const last = Number((await counter(page).textContent())?.match(/of (\d+)/)?.[1]);
  await page.getByTestId('lesson-page').getByRole('slider').fill(String(last));
  await expect(counter(page)).toHaveText(`Step ${last} of ${last}`);
  const summary = page.getByTestId('lesson-summary');
  for (const col of ['reno (kbps)', 'cubic (kbps)', 'bbr (kbps)']) await expect(summary).toContainText(col);
  await expect(summary.locator('tbody tr')).toHaveCount(3);
  await page.screenshot({ path: 'test-results/bbr-lesson-share-end-1920.png', fullPage: true });
  expect(errors).toEqual([]);
});
