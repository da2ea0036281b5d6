/**
 * Share links against the production build: a scenario modified in the
 * editor round-trips through "Copy link" into a new page; a preset's link is
 * just its id; a malformed or hostile link shows a plain-text message and
 * the default scenario, and nothing in it is ever rendered as HTML.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { encodeShareHash } from '../src/ui/share/share-link';

const DEFAULT_NAME = 'Single drop, Reno';
const editorLink = (page: Page, name: string) => page.getByTestId('editor').getByRole('button', { name, exact: true });

async function open(page: Page, path = './'): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(path);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  return errors;
}

async function copyLink(page: Page): Promise<string> {
  await page.getByTestId('scenario-name').locator('..').getByRole('button', { name: 'Copy link' }).click();
  const url = await page.getByTestId('share-url').inputValue();
  await page.keyboard.press('Escape');
  return url;
}

test('a modified scenario round-trips through Copy link; a preset’s link is its id', async ({ page, context, browser }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const errors = await open(page);

  // Modify the scenario in the editor: the bottleneck goes from 1.5 to 2 Mbps.
  await editorLink(page, 'Link l2, 1.5 Mbps, 10 ms, from r1 to client').click();
  const bandwidth = page.getByTestId('link-bandwidth');
  await bandwidth.fill('2Mbps');
  await bandwidth.press('Enter');
  await expect(editorLink(page, 'Link l2, 2 Mbps, 10 ms, from r1 to client')).toBeVisible();

  const url = await copyLink(page);
  expect(url).toMatch(/#s=[A-Za-z0-9_-]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  expect(page.url()).toBe(url);

  // Another browser (a student's): nothing of this one's kept work.
  const elsewhere = await browser.newContext();
  const opened = await elsewhere.newPage();
  const openedErrors = await open(opened, url);
  await expect(opened.getByTestId('scenario-name')).toHaveText(DEFAULT_NAME);
  await expect(editorLink(opened, 'Link l2, 2 Mbps, 10 ms, from r1 to client')).toBeVisible();
  await expect(opened.getByLabel('Scenario', { exact: true }).locator('option:checked')).toHaveText(`${DEFAULT_NAME} (from a link)`);
  await expect(opened.getByTestId('share-message')).toHaveCount(0);
  // It is the same scenario, field for field: Export scenario gives back what was shared.
  const saving = opened.waitForEvent('download');
  await opened.getByRole('button', { name: 'Export scenario', exact: true }).click();
  const file = await (await saving).path();
  const saved = JSON.parse(readFileSync(file, 'utf8'));
  expect(saved.links[1].bandwidth).toBe('2Mbps');
  expect(saved.faults).toEqual(JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8')).faults);

  // A preset as published: the link only names it.
  await opened.getByLabel('Scenario', { exact: true }).selectOption('p004-loss-2');
  await expect(opened.getByTestId('scenario-name')).toHaveText('004 Client–server, two lost segments');
  expect(await copyLink(opened)).toMatch(/#p=p004-loss-2$/);
  expect(errors).toEqual([]);
  expect(openedErrors).toEqual([]);
  await elsewhere.close();
});

test('a malformed or hostile link shows a message and the default scenario, never HTML', async ({ page }) => {
  const errors = await open(page, './#s=<script>window.__pwned=1</script>');
  const message = page.getByTestId('share-message');
  await expect(message).toContainText('This link is damaged');
  await expect(message).toContainText('The default scenario is open instead.');
  await expect(page.getByTestId('scenario-name')).toHaveText(DEFAULT_NAME);

  // A valid scenario whose name and description are markup: shown as text.
  const input = JSON.parse(readFileSync('scenarios/single-drop-reno.json', 'utf8'));
  input.name = '<img src=x onerror="window.__pwned=2">';
  input.description = '<script>window.__pwned=3</script> **still text**';
  await page.evaluate((hash) => (window.location.hash = hash), encodeShareHash({ view: 'lab', scenario: { kind: 'full', input } }));
  await expect(page.getByTestId('scenario-name')).toHaveText(input.name);
  await expect(message).toHaveCount(0);
  await expect(page.locator('.scenario-info img, .scenario-info script')).toHaveCount(0);
  await expect(page.locator('.scenario-info')).toContainText('<script>window.__pwned=3</script>');

  // An unknown preset, then a view that does not exist.
  await page.evaluate(() => (window.location.hash = '#p=no-such-preset'));
  await expect(message).toContainText('Unknown preset: "no-such-preset"');
  await expect(page.getByTestId('scenario-name')).toHaveText(DEFAULT_NAME);
  await page.evaluate(() => (window.location.hash = '#p=single-drop-reno&v=%3Cb%3Ebold%3C%2Fb%3E'));
  await expect(message).toContainText('Unknown view: "%3Cb%3Ebold%3C%2Fb%3E"');
  await expect(message.locator('b')).toHaveCount(0);

  await message.getByRole('button', { name: 'Dismiss' }).click();
  await expect(message).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(errors).toEqual([]);
});
