/**
 * The single-file build (`npm run build:file`) opened straight from the file
 * system, as a teacher opens it from a USB stick: the page, its engine worker
 * (a run plays and the charts fill), the lesson worker and the experiment
 * workers all start from a file:// address.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from '@playwright/test';

const PAGE = resolve('dist-file/index.html');

test('the single-file page runs from file://: Lab, Lessons and Experiment', async ({ page }) => {
  expect(existsSync(PAGE), 'npm run test:e2e builds dist-file/ first').toBe(true);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(pathToFileURL(PAGE).href);
  expect(page.url()).toMatch(/^file:\/\//);

  // Lab: the engine worker answers, a run plays, the cwnd chart receives data.
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', /playing|done/);
  await expect(page.getByTestId('cwnd-chart-reno').locator('.chart-plot')).toHaveAttribute('data-points', /^[1-9]\d*$/);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();

  // Lessons: the lesson worker computes the four runs.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Lessons', exact: true }).click();
  await page.getByRole('button', { name: 'One lost segment', exact: true }).click();
  await expect(page.getByTestId('lesson-step-counter')).toHaveText('Step 0 of 8', { timeout: 15_000 });

  // Experiment: the sweep workers run a comparison.
  await page.getByRole('navigation', { name: 'Views' }).getByRole('button', { name: 'Experiment', exact: true }).click();
  await page.getByRole('tab', { name: 'Compare variants' }).click();
  const form = page.getByRole('form', { name: 'Compare variants' });
  await form.getByLabel('Run length (s)', { exact: true }).fill('2');
  await form.getByRole('button', { name: 'Run comparison', exact: true }).click();
  await expect(page.getByTestId('job-status')).toHaveAttribute('data-state', 'done');
  await expect(page.getByTestId('compare-chart-cwnd').locator('path.line')).toHaveCount(3);
  expect(errors).toEqual([]);
});
