/**
 * The event log is a virtual list (only the rows in view are in the page):
 * while it follows the run its newest rows are the ones shown, and once it
 * stops (scrolled back, the box unticked) the rows shown are those where it
 * is scrolled to.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

/** The index of the row at the top or bottom edge of the list's box, or null when no row is there. */
async function rowAt(list: Locator, edge: 'top' | 'bottom'): Promise<number | null> {
  return list.evaluate((el, edge) => {
    const box = el.getBoundingClientRect();
    const y = edge === 'top' ? box.top + 4 : box.bottom - 4;
    for (const row of el.querySelectorAll('li')) {
      const r = row.getBoundingClientRect();
      if (r.top <= y && y < r.bottom) return Number(row.id.slice(row.id.lastIndexOf('-') + 1));
    }
    return null;
  }, edge);
}

/** How many events the log lists ("N of M events"). */
async function listed(page: Page): Promise<number> {
  const text = (await page.getByTestId('event-log').locator('.event-log-count').textContent()) ?? '';
  return Number(text.split(' ')[0]);
}

test('the event log shows its newest rows while following, and where it is scrolled to after', async ({ page }) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByTestId('import-input').setInputFiles({
    // thousands of events (losses and recoveries of BBR and CUBIC in a shallow buffer)
    name: 'bbr-vs-cubic-shallow.json',
    mimeType: 'application/json',
    buffer: readFileSync('scenarios/bbr-vs-cubic-shallow.json'),
  });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(await listed(page)).toBeGreaterThan(1000);

  const log = page.getByTestId('event-log');
  await log.scrollIntoViewIfNeeded();
  const list = log.getByRole('listbox');
  const follow = log.getByRole('checkbox', { name: 'Follow live' });
  await expect(follow).toBeChecked();
  // following: the newest row at the bottom of the box (once the last refresh is in)
  await expect.poll(async () => (await rowAt(list, 'bottom')) === (await listed(page)) - 1).toBe(true);

  // scrolled back to the start: no longer following, the first rows shown
  await list.evaluate((el) => (el.scrollTop = 0));
  await expect(follow).not.toBeChecked();
  await expect.poll(() => rowAt(list, 'top')).toBe(0);
  // the middle: the rows there
  const middle = await list.evaluate((el) => {
    el.scrollTop = Math.round(el.scrollHeight / 2);
    return el.scrollTop;
  });
  const rowHeight = await list.locator('li').first().evaluate((li) => li.getBoundingClientRect().height);
  await expect.poll(() => rowAt(list, 'top')).toBe(Math.floor(middle / rowHeight));

  // following again: the newest rows; unticked there, they stay shown
  await follow.check();
  const n = await listed(page);
  await expect.poll(() => rowAt(list, 'bottom')).toBe(n - 1);
  await follow.uncheck();
  await page.waitForTimeout(300);
  expect(await rowAt(list, 'bottom')).toBe(n - 1);
  await list.evaluate((el) => (el.scrollTop -= el.clientHeight));
  const top = await list.evaluate((el) => el.scrollTop);
  await expect.poll(() => rowAt(list, 'top')).toBe(Math.floor(top / rowHeight));
  expect(errors).toEqual([]);
});
