/**
 * Offline after the first visit: the service worker (Workbox, through
 * vite-plugin-pwa) has every file of the build, so in a classroom without
 * network the page opens again and runs a scenario, its engine worker
 * included.
 */
import { expect, test } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

test('after a first load the page opens and runs a scenario offline', async ({ page, context }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  // The worker installs, precaches the build and takes control of the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) await new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
  });
  const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
  expect(manifest).toBe('./manifest.webmanifest');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'TCP Congestion Lab' })).toBeVisible();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  expect(Number(await page.getByTestId('sample-count').textContent())).toBeGreaterThan(100);
  // The lessons' worker too.
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await page.getByRole('button', { name: 'One lost segment', exact: true }).click();
  await expect(page.getByTestId('lesson-step-counter')).toHaveText('Step 0 of 8', { timeout: 15_000 });
  await context.setOffline(false);
  expect(errors).toEqual([]);
});
