/**
 * The scenario loader fetched on demand (src/ui/loader-on-demand.ts): the Lab
 * opens on its default example without it; a value typed before it arrives
 * is kept and applied when it does; a start that needs it and cannot fetch
 * it says so and keeps the saved work and the link for the next visit.
 * Service workers are blocked so that the page's requests meet the routes.
 */
import { expect, test, type Page, type Route } from '@playwright/test';

test.use({ serviceWorkers: 'block' });

const LOADER = /\/assets\/page-budget-[^/]*\.js$/;

async function play(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /playing|done/);
}

test('the Lab opens and plays before the loader arrives; a value typed meanwhile is applied when it does', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(LOADER, async (route: Route) => {
    await held;
    await route.continue();
  });
  await page.goto('./');
  await expect(page.getByTestId('scenario-name')).toHaveText('Single drop, Reno');
  const duration = page.getByTestId('run-duration');
  await duration.fill('7');
  await duration.press('Enter');
  await expect(page.getByText(/the scenario loader is still loading/).first()).toBeVisible();
  release();
  await expect(page.getByText(/the scenario loader is still loading/)).toHaveCount(0);
  await expect(duration).toHaveValue('7');
  await expect(page.locator('.sim-clock')).toContainText('/ 7 s');
  await play(page);
});

test('a start that needs the loader and cannot fetch it says so, and keeps the work and the link', async ({ page }) => {
  await page.goto('./');
  await expect(page).toHaveURL(/#p=single-drop-reno$/); // the share links (and the loader) have arrived
  const duration = page.getByTestId('run-duration');
  await duration.fill('9');
  await duration.press('Enter');
  await expect(page).toHaveURL(/#s=/);
  const address = page.url();

  await page.route(LOADER, (route) => route.abort());
  await page.reload();
  await expect(page.getByRole('alert').filter({ hasText: 'could not load its scenario loader' })).toBeVisible();
  await expect(page.getByTestId('run-duration')).toHaveValue('10'); // the default example, as published
  expect(page.url()).toBe(address);
  await play(page);

  await page.unroute(LOADER);
  await page.reload();
  await expect(page.getByTestId('run-duration')).toHaveValue('9');
  await expect(page.getByRole('alert').filter({ hasText: 'could not load its scenario loader' })).toHaveCount(0);
});
