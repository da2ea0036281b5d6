/**
 * A lesson on a 1366×768 laptop and a 1920×1080 projector: the question
 * asked, the revealed answer and the step's caption are on screen together;
 * the last step says how many predictions were right.
 */
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function expectInView(page: Page, el: Locator, what: string): Promise<void> {
  const box = (await el.boundingBox())!;
  const vp = page.viewportSize()!;
  expect(box.y, `${what} top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what} bottom`).toBeLessThanOrEqual(vp.height + 0.5);
  expect(box.x + box.width, `${what} right`).toBeLessThanOrEqual(vp.width + 0.5);
}

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('question, answer and caption are visible together; the end scores the predictions', async ({ page }, testInfo) => {
      const tag = `${size.width}x${size.height}`;
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto('./#v=lessons&l=slow-start');
      const counter = page.getByTestId('lesson-step-counter');
      await expect(counter).toHaveText(/^Step 0 of \d+$/, { timeout: 15_000 });
      const caption = page.getByTestId('lesson-caption');
      // Step 0 asks about step 1.
      const asked = page.getByTestId('predict-upcoming').locator('fieldset').first();
      await expect(asked).toBeVisible();
      await expectInView(page, asked, 'the question');
      await expectInView(page, caption, 'the caption');
      await asked.getByRole('radio').first().check();
      await shot(page, testInfo, `lesson-question-${tag}`);
      await button(page, 'Step').click();
      await expect(counter).toHaveText(/^Step 1 of/);
      const due = page.getByTestId('predict-due').locator('section').first();
      await due.getByRole('button', { name: 'Reveal', exact: true }).click();
      await expect(due.getByTestId('question-answer')).toBeVisible();
      await expectInView(page, due, 'the answer');
      await expectInView(page, caption, 'the caption, beside the answer');
      await shot(page, testInfo, `lesson-answer-${tag}`);

      // One lost segment, the step with two answers at once (Tahoe's, and the others').
      await page.goto('./#v=lessons&l=one-loss&step=4');
      await page.reload();
      await expect(page.getByTestId('lesson-step-counter')).toHaveText('Step 4 of 8', { timeout: 15_000 });
      const answers = page.getByTestId('predict-due').locator('section');
      await expect(answers).toHaveCount(2);
      const reveal = page.getByRole('button', { name: 'Reveal', exact: true });
      while ((await reveal.count()) > 0) await reveal.first().click();
      for (let i = 0; i < 2; i++) await expectInView(page, answers.nth(i), `answer ${i + 1} of 2`);
      const captionTop = (await page.getByTestId('lesson-caption').boundingBox())!.y;
      expect(captionTop + 48).toBeLessThanOrEqual(size.height); // the caption's badge and first line below them
      await shot(page, testInfo, `lesson-two-answers-${tag}`);

      await page.keyboard.press('End');
      const last = page.getByTestId('lesson-step-counter');
      for (let i = 0; i < 10 && !/^Step (\d+) of \1$/.test((await last.textContent()) ?? ''); i++) await button(page, 'Step').click();
      const score = page.getByTestId('prediction-score');
      await expect(score).toBeVisible();
      await expect(score).toContainText(/\d+ of \d+ predictions right/);
      expect(errors).toEqual([]);
    });
  });
}
