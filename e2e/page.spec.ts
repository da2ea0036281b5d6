/**
 * The page as a student uses it, against the production build: pick a
 * scenario, play, pause, step to a protocol event, reset; import a broken
 * scenario; export the CSV files; shortcuts and large text. Elements are found
 * by role, label and data-testid, never by layout.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { SPEEDS } from '../src/ui/controls/speeds';

const SCENARIO_KEY = 'single-drop-reno';
const SCENARIO_LABEL = 'Single drop, Reno';
/** The summary.csv columns the contract requires, in order (docs: scenario-format.md). */
const SUMMARY_HEADER =
  'flow,kind,variant,from,to,throughput_kbps,packets_sent,packets_delivered,retransmissions,timeouts,fast_retransmits,drops,drop_rate,avg_latency_ms,avg_cwnd,avg_ssthresh,completion_s';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const sampleCount = async (page: Page) => Number(await page.getByTestId('sample-count').textContent());

async function openScenario(page: Page): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: SCENARIO_LABEL });
  await expect(page.getByTestId('scenario-name')).toHaveText(SCENARIO_LABEL);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  expect(errors).toEqual([]);
}

async function setSpeed(page: Page, speed: number | 'max'): Promise<void> {
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(speed)));
}

test('play, pause, step to a protocol event, reset', async ({ page }) => {
  await openScenario(page);
  // Slow enough that the pause lands before the first loss (near t = 0.5 s).
  await setSpeed(page, 0.1);
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'playing');
  await expect.poll(() => sampleCount(page)).toBeGreaterThan(3);
  const cwndChart = page.getByTestId('cwnd-chart-reno');
  await expect(cwndChart.locator('.chart-plot')).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await expect(cwndChart.locator('.chart-plot')).toHaveAttribute('data-lines', /^[1-9]/);

  await button(page, 'Pause').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  const pausedAt = Number(await page.getByTestId('sim-time').textContent());
  expect(pausedAt).toBeLessThan(0.5);

  await button(page, 'Step').click();
  const caption = page.getByTestId('caption');
  await expect(caption).toContainText(/drop|fast retransmit/i);
  await expect(page.getByTestId('caption-detail')).not.toBeEmpty();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  expect(Number(await page.getByTestId('sim-time').textContent())).toBeGreaterThan(pausedAt);

  await button(page, 'Reset').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('sim-time')).toHaveText('0.000');
  expect(await sampleCount(page)).toBeLessThanOrEqual(1);
});

test('a broken scenario file is rejected with field paths and the current scenario stays', async ({ page }) => {
  await openScenario(page);
  const broken = JSON.parse(readFileSync(`scenarios/${SCENARIO_KEY}.json`, 'utf8'));
  broken.name = 'Broken';
  broken.links[1].bandwidth = 'very fast';
  await page.getByTestId('import-input').setInputFiles({
    name: 'broken.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(broken)),
  });
  const problem = page.getByTestId('problem');
  await expect(problem).toContainText('Could not import broken.json');
  await expect(problem).toContainText('links[1].bandwidth');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue(SCENARIO_KEY);
  await expect(page.getByTestId('scenario-name')).toHaveText(SCENARIO_LABEL);

  // Not JSON at all: one problem at the file level.
  await page.getByTestId('import-input').setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('{ oops') });
  await expect(problem).toContainText('Could not import notes.json');
  await expect(page.getByLabel('Scenario', { exact: true })).toHaveValue(SCENARIO_KEY);

  // A valid file joins the picker and is selected.
  broken.links[1].bandwidth = '2Mbps';
  broken.name = 'Fixed';
  await page.getByTestId('import-input').setInputFiles({ name: 'fixed.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
  await expect(problem).toHaveCount(0);
  await expect(page.getByTestId('scenario-name')).toHaveText('Fixed');
  await expect(page.getByLabel('Scenario', { exact: true }).locator('option:checked')).toHaveText('Fixed (imported)');
});

test('Export CSV downloads the run as a zip whose summary.csv has the contract header; Export scenario the JSON', async ({ page }, testInfo) => {
  await openScenario(page);
  await setSpeed(page, 'max');
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

  const downloading = page.waitForEvent('download');
  await button(page, 'Export CSV').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${SCENARIO_KEY}-csv.zip`);
  const path = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(path);

  const files = unzipSync(new Uint8Array(readFileSync(path)));
  const names = Object.keys(files).map((n) => n.replace(/^.*\//, '')).sort();
  expect(names).toEqual(['events.csv', 'links.csv', 'queues.csv', 'summary.csv', 'timeseries.csv']);
  const summary = strFromU8(files[`${SCENARIO_KEY}-csv/summary.csv`]);
  const [header, firstRow] = summary.split(/\r?\n/);
  expect(header.startsWith(SUMMARY_HEADER)).toBe(true);
  expect(firstRow).toMatch(/^reno,tcp,reno,server,client,/);
  // One timeseries row per sample (0 to 10 s every 0.01 s) for the one flow, and
  // one queues row per sample for each of the four link directions.
  const rows = (name: string) => strFromU8(files[`${SCENARIO_KEY}-csv/${name}`]).trimEnd().split(/\r?\n/);
  expect(rows('timeseries.csv')[0]).toMatch(/^time_s,flow,cwnd,ssthresh,srtt_ms,rto_s,inflight,throughput_kbps/);
  expect(rows('timeseries.csv')).toHaveLength(1 + 1001);
  expect(rows('queues.csv')).toHaveLength(1 + 1001 * 4);

  // Export scenario gives back the file as written.
  const savingScenario = page.waitForEvent('download');
  await button(page, 'Export scenario').click();
  const scenarioFile = await savingScenario;
  expect(scenarioFile.suggestedFilename()).toBe(`${SCENARIO_KEY}.json`);
  const scenarioPath = testInfo.outputPath(scenarioFile.suggestedFilename());
  await scenarioFile.saveAs(scenarioPath);
  expect(JSON.parse(readFileSync(scenarioPath, 'utf8'))).toEqual(JSON.parse(readFileSync(`scenarios/${SCENARIO_KEY}.json`, 'utf8')));
});

test('keyboard shortcuts and large text', async ({ page }) => {
  await openScenario(page);
  await page.getByTestId('scenario-name').click(); // focus the page, not a control

  await page.keyboard.press(' ');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'playing');
  await page.keyboard.press(' ');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  await page.keyboard.press('s');
  await expect(page.getByTestId('caption-detail')).not.toBeEmpty();
  await page.keyboard.press('r');
  await expect(page.getByTestId('sim-time')).toHaveText('0.000');

  const toggle = page.getByRole('button', { name: 'Large text' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  const before = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const after = await page.evaluate(() => getComputedStyle(document.documentElement).fontSize);
  expect(parseFloat(after)).toBeGreaterThan(parseFloat(before));
  // Remembered for the next lecture.
  await page.reload();
  await expect(page.getByRole('button', { name: 'Large text' })).toHaveAttribute('aria-pressed', 'true');
});

test('main view screenshot', async ({ page }, testInfo) => {
  await openScenario(page);
  // 2×: the 10 s run takes 5 s, so there are 3 s of wall time between t = 4 s
  // and the end to pause in, even on a busy machine.
  await setSpeed(page, 2);
  await button(page, 'Play').click();
  await expect(page.getByTestId('sim-time')).not.toHaveText(/^[0-3]\./, { timeout: 20_000 });
  await button(page, 'Pause').click();
  await button(page, 'Step').click();
  await expect(page.getByTestId('caption-detail')).not.toBeEmpty();
  // The charts as a class sees them: all four in view at 1440×900 (charts
  // out of view redraw only now and then, so look at them first).
  await page.locator('.charts-area').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(page.getByTestId('timeseq-chart').locator('.chart-plot')).toHaveAttribute('data-sent', /^[1-9]/);
  await expect(page.getByTestId('timeseq-chart').locator('.chart-plot')).toHaveAttribute('data-drops', /^[1-9]/);
  const charts = testInfo.outputPath('charts-view.png');
  await page.screenshot({ path: charts });
  await testInfo.attach('charts', { path: charts, contentType: 'image/png' });
  const path = testInfo.outputPath('main-view.png');
  await page.evaluate(() => window.scrollTo(0, 0)); // the sticky toolbar at the top of the picture
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('main view', { path, contentType: 'image/png' });
  // And on a projector, in large-text mode.
  await page.getByRole('button', { name: 'Large text' }).click();
  await expect(page.getByRole('button', { name: 'Large text' })).toHaveAttribute('aria-pressed', 'true');
  await page.locator('.charts-area').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await expect(page.getByTestId('cwnd-chart-reno').locator('.axis-label').first()).toHaveCSS('font-size', '16.25px');
  const large = testInfo.outputPath('charts-view-large-text.png');
  await page.screenshot({ path: large });
  await testInfo.attach('charts, large text', { path: large, contentType: 'image/png' });
});

test('the built page works from a sub-path of any static host', async ({ page, baseURL }) => {
  // Serve dist/ again under /courses/networks/lab/, as a course website or a
  // GitHub Pages project page would: every URL in the build must be relative.
  // Anything asked for outside that folder is refused, so an absolute URL fails the test.
  const prefix = '/courses/networks/lab/';
  const outside: string[] = [];
  await page.context().route(`${new URL(baseURL!).origin}/**`, async (route) => {
    const { pathname } = new URL(route.request().url());
    if (!pathname.startsWith(prefix)) {
      outside.push(pathname);
      await route.abort();
      return;
    }
    const response = await route.fetch({ url: new URL(pathname.slice(prefix.length) || 'index.html', baseURL).href });
    await route.fulfill({ response });
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(new URL(prefix, baseURL).href);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await button(page, 'Step').click();
  await expect(page.getByTestId('caption-detail')).not.toBeEmpty();
  expect(errors).toEqual([]);
  expect(outside).toEqual([]);
});
