/**
 * The Experiment view as a teacher uses it, against the production build:
 * build a small sweep from the current scenario (2 variants × 2 bandwidths,
 * 2 repetitions with start jitter, 4 s runs), run it on the page's Web
 * Workers, read the table and the t-test, export table.csv, run it again and
 * get the same file; cancel a paper table's sweep; compare variants on one
 * chart. Elements are found by role, label and data-testid.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';

const SCENARIO_LABEL = 'Single drop, Reno';

async function openExperiment(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: SCENARIO_LABEL });
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Experiment', exact: true }).click();
  await expect(page.getByTestId('experiment-base')).toContainText(SCENARIO_LABEL);
  return errors;
}

async function exportTable(page: Page, testInfo: TestInfo, tag: string): Promise<string> {
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export table CSV', exact: true }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/-table\.csv$/);
  const path = testInfo.outputPath(`${tag}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return readFileSync(path, 'utf8');
}

test('a small sweep: progress, table, t-test, CSV; the same numbers when run again', async ({ page }, testInfo) => {
  const errors = await openExperiment(page);
  const form = page.getByRole('form', { name: 'Sweep' });

  await form.getByLabel('Parameter', { exact: true }).selectOption('links[1].bandwidth');
  await form.getByTestId('sweep-values').fill('1, 2');
  const variants = form.getByTestId('sweep-variants');
  await variants.getByRole('checkbox', { name: 'NewReno', exact: true }).uncheck();
  await variants.getByRole('checkbox', { name: 'Tahoe', exact: true }).check();
  await form.getByLabel('Repetitions', { exact: true }).fill('2');
  // A DropTail path without random loss repeats itself: the form says so until a start jitter is set.
  await expect(form.getByTestId('jitter-note')).toBeVisible();
  await form.getByLabel('Start jitter (s)', { exact: true }).fill('0.5');
  await expect(form.getByTestId('jitter-note')).toHaveCount(0);
  await form.getByLabel('Run length (s)', { exact: true }).fill('4');
  await form.getByLabel('t-test variant A').selectOption('tahoe');
  await form.getByLabel('t-test variant B').selectOption('reno');
  await expect(form.getByTestId('sweep-count')).toHaveText('2 variants × 2 values × 2 repetitions = 8 runs');

  await form.getByRole('button', { name: 'Run sweep', exact: true }).click();
  await expect(page.getByTestId('job-status')).toHaveAttribute('data-state', 'done');
  const progress = page.getByRole('progressbar', { name: 'Sweep progress' });
  await expect(progress).toHaveAttribute('aria-valuemax', '8');
  await expect(progress).toHaveAttribute('aria-valuenow', '8');
  await expect(page.getByTestId('job-status')).toContainText('Done: 8 runs');

  // One row per point: variant (slowest) × bandwidth.
  const table = page.getByTestId('sweep-table');
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(4);
  const paramCells = await rows.evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th')].map((th) => th.textContent?.trim())));
  expect(paramCells).toEqual([
    ['Tahoe', '1'],
    ['Tahoe', '2'],
    ['Reno', '1'],
    ['Reno', '2'],
  ]);
  await expect(rows.first().locator('td').first()).toHaveText(/^\d+(\.\d+)? ± \d+(\.\d+)?$/);
  // The chart draws one line (and one confidence band) per variant.
  const chart = page.getByTestId('sweep-chart');
  await expect(chart.locator('g.series path.line')).toHaveCount(2);
  await expect(chart.locator('g.series path.ci-band')).toHaveCount(2);

  // Paper 001's t-test, Tahoe against Reno at each bandwidth, with its p-value.
  const ttest = page.getByTestId('ttest-table');
  await expect(ttest.locator('tbody tr')).toHaveCount(2);
  const p = ttest.getByTestId('p-value').first();
  await expect(p).toHaveText(/\d/);
  await expect(p).toHaveAttribute('title', /^p = (0|1|0\.\d+)$/);

  const csv = await exportTable(page, testInfo, 'first');
  expect(csv.startsWith('point,')).toBe(true);
  const lines = csv.trimEnd().split('\n');
  expect(lines[0]).toBe(
    'point,variant,l2.bandwidth_Mbps,reno.throughput_kbps_mean,reno.throughput_kbps_sd,reno.throughput_kbps_ci95_low,reno.throughput_kbps_ci95_high,reno.throughput_kbps_n',
  );
  expect(lines).toHaveLength(5);
  expect(lines[1]).toMatch(/^0,tahoe,1,[\d.]+,[\d.]+,[\d.]+,[\d.]+,2$/);

  // Re-running the same sweep gives the same numbers, byte for byte.
  const shown = await table.innerText();
  await form.getByRole('button', { name: 'Run sweep', exact: true }).click();
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-seq', '2');
  expect(await page.getByTestId('sweep-table').innerText()).toBe(shown);
  expect(await exportTable(page, testInfo, 'second')).toBe(csv);

  // The exported sweep file opens again and gives the same table; a broken one is refused by field.
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Sweep file', exact: true }).click();
  const sweepFile = await saving;
  expect(sweepFile.suggestedFilename()).toMatch(/\.sweep\.json$/);
  const sweepPath = testInfo.outputPath(sweepFile.suggestedFilename());
  await sweepFile.saveAs(sweepPath);
  const sweepText = readFileSync(sweepPath, 'utf8');
  const open = form.getByTestId('open-sweep-input');
  await open.setInputFiles({ name: 'broken.sweep.json', mimeType: 'application/json', buffer: Buffer.from(sweepText.replace('"repetitions": 2', '"repetitions": 0')) });
  await expect(page.getByTestId('job-status')).toContainText('broken.sweep.json cannot run');
  await expect(page.getByTestId('job-status')).toContainText('repetitions');
  await expect(form.getByLabel('Repetitions', { exact: true })).toHaveValue('2'); // the form keeps what it had
  await open.setInputFiles(sweepPath);
  await expect(page.getByTestId('sweep-result')).toHaveAttribute('data-seq', '3');
  expect(await page.getByTestId('sweep-table').innerText()).toBe(shown);
  expect(await exportTable(page, testInfo, 'opened')).toBe(csv);
  expect(errors).toEqual([]);
});

test('a paper table runs in one click beside the paper’s numbers; Cancel stops a sweep and keeps nothing', async ({ page }) => {
  const errors = await openExperiment(page);
  const status = page.getByTestId('job-status');

  // Paper 004, Table 2: download time for Reno, SACK and NewReno against the lost packets.
  await page.getByRole('button', { name: 'Run Paper 004, Table 2', exact: true }).click();
  await expect(status).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('experiment-base')).toContainText('004 Client–server, no loss');
  const paper = page.getByTestId('paper-comparison');
  await expect(paper.locator('tbody tr th')).toHaveText(['None', '1', '2', '5', 'All']);
  await expect(paper.locator('thead th')).toHaveText(['Number of packet loss', 'Reno', 'SACK', 'NewReno']);
  await expect(paper.locator('tbody tr').first().locator('td').first()).toContainText('paper 19.13');
  await expect(page.getByTestId('sweep-table').locator('tbody tr')).toHaveCount(15);

  // Paper 000, Table IV loaded into the form, made long (40 seeds per point) and cancelled while it runs.
  await page.getByRole('button', { name: 'Load Paper 000, Table IV', exact: true }).click();
  await expect(page.getByTestId('experiment-base')).toContainText('000 E/E, UDP 400 kbps');
  const form = page.getByRole('form', { name: 'Sweep' });
  await expect(form.getByTestId('sweep-values')).toHaveValue('400, 800, 1200, 1600, 1800');
  await form.getByLabel('Repetitions', { exact: true }).fill('40');
  await form.getByLabel('Start jitter (s)', { exact: true }).fill('1');
  await form.getByRole('button', { name: 'Run sweep', exact: true }).click();
  await expect(status).toHaveAttribute('data-state', 'running');
  await expect(page.getByRole('progressbar', { name: 'Sweep progress' })).toHaveAttribute('aria-valuemax', '1000');
  await status.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(status).toContainText('Sweep cancelled: no results were kept.');
  await expect(page.getByTestId('sweep-table')).toHaveCount(0);
  await expect(page.getByTestId('paper-comparison')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('Compare variants overlays one line per variant on the cwnd and throughput charts', async ({ page }) => {
  const errors = await openExperiment(page);
  await page.getByRole('tab', { name: 'Compare variants' }).click();
  const form = page.getByRole('form', { name: 'Compare variants' });
  const variants = form.getByTestId('compare-variants');
  for (const v of ['Tahoe', 'Reno', 'NewReno', 'SACK']) await variants.getByRole('checkbox', { name: v, exact: true }).check();
  const length = form.getByLabel('Run length (s)', { exact: true });
  await length.fill('soon');
  await expect(form.getByRole('button', { name: 'Run comparison', exact: true })).toBeDisabled();
  await expect(form.locator('#compare-duration-hint')).toContainText('run length: must be a number of seconds');
  await length.fill('3');
  await expect(form.getByTestId('compare-count')).toHaveText(/^4 runs of 3 s, seed \d+$/);
  await form.getByRole('button', { name: 'Run comparison', exact: true }).click();
  await expect(page.getByTestId('job-status')).toHaveAttribute('data-state', 'done');

  for (const [quantity, title] of [
    ['cwnd', 'Congestion window'],
    ['throughput', 'Throughput'],
  ] as const) {
    const chart = page.getByTestId(`compare-chart-${quantity}`);
    await expect(chart.getByRole('list', { name: `${title} legend` }).getByRole('listitem')).toHaveText(['Tahoe', 'Reno', 'NewReno', 'SACK']);
    const lines = chart.locator('path.line');
    await expect(lines).toHaveCount(4);
    for (let i = 0; i < 4; i++) await expect(lines.nth(i)).toHaveAttribute('d', /^M.+L/);
  }
  await expect(page.getByTestId('compare-table').locator('tbody tr')).toHaveCount(4);
  expect(errors).toEqual([]);
});
