/**
 * Request/response traffic on the page, against the production build: a
 * teacher adds a request/response flow in the editor, a bad value is named in
 * the page's words, the run charts each connection and Export CSV includes
 * transactions.csv; paper 004's congested network opens and runs (kept as a
 * screenshot at 1366×768 to look at).
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { SPEEDS } from '../src/ui/controls/speeds';

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const status = (page: Page) => page.getByTestId('run-status');

async function open(page: Page, label: string): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label });
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  return errors;
}

async function download(page: Page, testInfo: TestInfo, name: string): Promise<string> {
  const saving = page.waitForEvent('download');
  await button(page, name).click();
  const file = await saving;
  const path = testInfo.outputPath(`${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return path;
}

test('add a request/response flow, fix a bad value, and export its transactions', async ({ page }, testInfo) => {
  const errors = await open(page, 'Single drop, Reno');
  await page.getByRole('tab', { name: /^Flows/ }).click();
  await page.getByTestId('add-transaction-flow').click();
  const card = page.getByTestId('flow-rr1');
  await expect(card).toContainText('Requests');
  await expect(card).toContainText('server → client');

  const connections = page.getByTestId('flow-connections-rr1');
  await connections.fill('0');
  await connections.press('Tab');
  // The message names the field as the page labels it.
  await expect(card).toContainText('must be at least 1');
  await expect(page.getByText(/Flow rr1 → Connections/).first()).toBeVisible();
  await connections.fill('2');
  await connections.press('Tab');
  const response = page.getByTestId('flow-response-rr1');
  await response.fill('8KB');
  await response.press('Tab');
  await page.getByTestId('flow-think-distribution-rr1').selectOption('constant');
  const think = page.getByTestId('flow-think-mean-rr1');
  await think.fill('0.2');
  await think.press('Tab');

  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(status(page)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  // Each connection's server side is a TCP flow of the run, charted like any other (the requests are not).
  await expect(page.getByTestId('cwnd-chart-rr1.1')).toBeVisible();
  await expect(page.getByTestId('cwnd-chart-rr1.2')).toBeVisible();
  await expect(page.getByTestId('cwnd-chart-rr1.1.req')).toHaveCount(0);

  const files = unzipSync(new Uint8Array(readFileSync(await download(page, testInfo, 'Export CSV'))));
  const byName = Object.fromEntries(Object.entries(files).map(([n, b]) => [n.replace(/^.*\//, ''), strFromU8(b)]));
  expect(Object.keys(byName).sort()).toEqual(['events.csv', 'links.csv', 'queues.csv', 'summary.csv', 'timeseries.csv', 'transactions.csv']);
  const rows = byName['transactions.csv'].trimEnd().split(/\r?\n/);
  expect(rows[0]).toBe('flow,connection,transaction,start_s,end_s,response_ms,request_bytes,response_bytes');
  expect(rows.length).toBeGreaterThan(10);
  expect(rows[1]).toMatch(/^rr1,[12],1,0,/);
  expect(byName['summary.csv'].split(/\r?\n/)[0]).toMatch(/,transactions,response_mean_ms,response_p95_ms$/);

  const saved = JSON.parse(readFileSync(await download(page, testInfo, 'Export scenario'), 'utf8'));
  expect(saved.flows[1]).toMatchObject({
    id: 'rr1',
    kind: 'transaction',
    from: 'server',
    to: 'client',
    response: '8KB',
    connections: 2,
    thinkTime: { distribution: 'constant', mean: 0.2 },
  });
  expect(errors).toEqual([]);
});

test("paper 004's congested network opens and runs (1366×768)", async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const errors = await open(page, '004 Congested network, six clients and two servers');
  await expect(page.getByTestId('scenario-name')).toHaveText('004 Congested network, six clients and two servers');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect.poll(async () => Number(await page.getByTestId('sim-time').textContent()), { timeout: 60_000 }).toBeGreaterThan(5);
  await button(page, 'Pause').click();
  const path = testInfo.outputPath('p004-congested-1366.png');
  await page.screenshot({ path });
  await testInfo.attach('p004-congested-1366', { path, contentType: 'image/png' });
  // Its 36 connections' server sides share one cwnd chart; the time-sequence chart picks one.
  const charts = page.getByTestId('charts');
  await charts.scrollIntoViewIfNeeded();
  await expect(charts).toBeVisible();
  await expect(charts.locator('option', { hasText: 'ftp1.1' }).first()).toBeAttached();
  await expect(charts.locator('option', { hasText: 'ftp1.1.req' })).toHaveCount(0);
  const chartsPath = testInfo.outputPath('p004-congested-charts-1366.png');
  await page.screenshot({ path: chartsPath });
  await testInfo.attach('p004-congested-charts-1366', { path: chartsPath, contentType: 'image/png' });
  expect(errors).toEqual([]);
});
