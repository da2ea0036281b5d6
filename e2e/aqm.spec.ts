/**
 * The queue lessons in the page: the bufferbloat scenario runs, its
 * bottleneck's queue can be switched to CoDel (with its parameters and ECN)
 * and exported; the Bufferbloat lesson computes its three runs. Screenshots
 * at the two classroom sizes go to test-results/.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

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
