/**
 * The page as the page benchmarks start it: the N-flow dumbbell of
 * bench:scale imported (made 5000 s long, so it streams for the whole
 * measurement), set to full speed, the charts scrolled into view if asked,
 * and half a second to settle before Play.
 */
import type { Page } from '@playwright/test';
import { SPEEDS } from '../../src/ui/controls/speeds';
import { dumbbell } from '../scale/dumbbell';

export async function openDumbbell(page: Page, flows: number, chartsInView: boolean): Promise<void> {
  await page.goto('./');
  await page.getByTestId('import-input').setInputFiles({
    name: 'dumbbell.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(dumbbell(flows, 5000))),
  });
  await page.getByTestId('run-status').and(page.locator('[data-status="ready"]')).waitFor();
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  if (chartsInView)
    await page.evaluate(() => document.querySelector('.charts-area')?.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(500);
}
