/**
 * The Lab on a projector, at a 1366×768 laptop and a 1920×1080 projector:
 * one key (P) lays out the network and its charts on one screen, without
 * scrolling, with large text too; the projector gets axis labels of 16 px
 * and more. Screenshots of every layout are kept with the test results.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function open(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  return errors;
}

/** The element's box lies entirely inside the viewport. */
async function expectInView(page: Page, el: Locator, what: string): Promise<void> {
  const box = await el.boundingBox();
  const vp = page.viewportSize()!;
  expect(box, `${what} has a box`).not.toBeNull();
  expect(box!.x, `${what} left`).toBeGreaterThanOrEqual(0);
  expect(box!.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${what} right`).toBeLessThanOrEqual(vp.width + 0.5);
  expect(box!.y + box!.height, `${what} bottom`).toBeLessThanOrEqual(vp.height + 0.5);
}

async function expectNoScroll(page: Page): Promise<void> {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.scrollingElement!.scrollHeight, inner: window.innerHeight }));
  expect(scroll).toBeLessThanOrEqual(inner);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('P lays out the network and the cwnd chart on one screen, large text too, and is remembered', async ({ page }, testInfo) => {
      const errors = await open(page);
      const tag = `${size.width}x${size.height}`;
      await shot(page, testInfo, `lab-${tag}`);
      await page.keyboard.press('p');
      await expect(page.getByTestId('presenter')).toHaveAttribute('aria-pressed', 'true');
      await expect(page.locator('html')).toHaveClass(/presenter/);
      // Editing folds away; the run controls and the caption stay.
      await expect(page.getByRole('tab', { name: /^Network|^Flows/ }).first()).toBeHidden();
      await expect(button(page, 'Play')).toBeVisible();
      await expect(page.getByTestId('caption')).toBeVisible();
      await shot(page, testInfo, `presenter-${tag}`);

      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(0.1)));
      await button(page, 'Play').click();
      await expect.poll(async () => Number(await page.getByTestId('sample-count').textContent())).toBeGreaterThan(5);
      const topology = page.getByTestId('topology');
      const cwnd = page.getByTestId('cwnd-chart-reno');
      await expectInView(page, topology, 'topology');
      await expectInView(page, cwnd, 'cwnd chart');
      await expectInView(page, page.getByTestId('queue-chart'), 'queue chart');
      await expectInView(page, page.getByTestId('caption'), 'caption');
      await expectNoScroll(page);
      await shot(page, testInfo, `presenter-run-${tag}`);

      // Large text grows the content, not the chrome: still one screen.
      const toolbarBefore = (await page.locator('.toolbar').boundingBox())!.height;
      await page.getByTestId('large-text').click();
      await expect(page.locator('html')).toHaveClass(/large-text/);
      await expectInView(page, topology, 'topology, large text');
      await expectInView(page, cwnd, 'cwnd chart, large text');
      await expectNoScroll(page);
      const toolbarAfter = (await page.locator('.toolbar').boundingBox())!.height;
      expect(toolbarAfter).toBeLessThanOrEqual(toolbarBefore * 1.05);
      await shot(page, testInfo, `presenter-large-${tag}`);

      await button(page, 'Pause').click();
      // Remembered for the next lecture, and carried by a share link made in presenter mode.
      await page.reload();
      await expect(page.getByTestId('presenter')).toHaveAttribute('aria-pressed', 'true');
      await page.locator('.app-header').getByRole('button', { name: 'Copy link' }).click();
      await expect(page.getByTestId('share-url')).toHaveValue(/#p=single-drop-reno&pr=1$/);
      await page.keyboard.press('Escape');
      await page.keyboard.press('p');
      await expect(page.locator('html')).not.toHaveClass(/presenter/);
      expect(errors).toEqual([]);
    });

    test('a share link opens the Lab in the presenter layout', async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('./#p=single-drop-reno&pr=1');
      await expect(page.getByTestId('presenter')).toHaveAttribute('aria-pressed', 'true');
      await expectInView(page, page.getByTestId('topology'), 'topology');
      await expectInView(page, page.getByTestId('cwnd-chart-reno'), 'cwnd chart');
      expect(errors).toEqual([]);
    });

    test('outside presenter mode large text keeps the chrome small', async ({ page }, testInfo) => {
      const errors = await open(page);
      const before = (await page.locator('.toolbar').boundingBox())!.height;
      await page.getByTestId('large-text').click();
      await expect(page.locator('html')).toHaveClass(/large-text/);
      const after = (await page.locator('.toolbar').boundingBox())!.height;
      expect(after).toBeLessThanOrEqual(before * 1.05);
      await shot(page, testInfo, `lab-large-${size.width}x${size.height}`);
      expect(errors).toEqual([]);
    });
  });
}

test.describe('on a 1920×1080 projector', () => {
  test.use({ viewport: { width: 1920, height: 1080 } });

  test('the charts’ axis labels are 16 px or larger', async ({ page }) => {
    await open(page);
    await page.keyboard.press('p');
    const label = page.getByTestId('cwnd-chart-reno').locator('.axis-y .tick text').first();
    await expect(label).toBeVisible();
    const px = await label.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(px).toBeGreaterThanOrEqual(16);
  });
});
