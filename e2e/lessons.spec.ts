/**
 * A guided lesson as a student walks it, against the production build: open
 * the Lessons view, open "One lost segment", step with the Step button and the
 * keyboard through the duplicate ACKs, the fast retransmit and the end of fast
 * recovery, reading each caption; predict what cwnd will do, step, reveal;
 * share the lesson step as a link and open it again.
 */
import { expect, test, type Page } from '@playwright/test';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
const counter = (page: Page) => page.getByTestId('lesson-step-counter');
const title = (page: Page) => page.getByTestId('lesson-step-title');
const caption = (page: Page) => page.getByTestId('lesson-caption');

async function openLesson(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await button(page, 'Lessons').click();
  await expect(page.getByTestId('lesson-list')).toBeVisible();
  await button(page, 'One lost segment').click();
  await expect(page.getByRole('heading', { name: 'One lost segment' })).toBeVisible();
  // The four runs are computed in a worker, then the lesson starts at step 0.
  await expect(counter(page)).toHaveText('Step 0 of 8', { timeout: 15_000 });
  return errors;
}

test('walk "One lost segment" step by step: captions, the time-sequence diagram, predict and reveal', async ({ page }) => {
  const errors = await openLesson(page);
  await expect(caption(page)).toContainText('The same transfer four times');
  await expect(button(page, 'Back')).toBeDisabled();

  await button(page, 'Step').click();
  await expect(counter(page)).toHaveText('Step 1 of 8');
  await expect(title(page)).toHaveText('Slow start ends');
  await expect(caption(page)).toContainText('All four runs');
  await expect(caption(page)).toContainText('cwnd has reached ssthresh (32 segments)');
  const cwnd = page.getByTestId('lesson-cwnd-chart');
  await expect(cwnd.locator('path.line-cwnd-reno')).toHaveAttribute('d', /^M.+L/);
  await expect(cwnd.locator('path.line-cwnd-sack')).toHaveAttribute('d', /^M.+L/);

  await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Segment lost');
  await expect(caption(page)).toContainText('Segment 100 is thrown away at 0.452 s');
  // The lost segment is ringed in the time-sequence diagram.
  const tsd = page.getByTestId('lesson-tsd-chart');
  await expect(tsd.locator('.chart-plot')).toHaveAttribute('data-highlights', '1');
  await expect(tsd.locator('.tsd-ring-label')).toHaveText('segment 100 lost');

  // The keyboard steps too: S (or →) forward, ← back.
  await page.getByRole('heading', { name: 'One lost segment' }).click();
  await page.keyboard.press('s');
  await expect(title(page)).toHaveText('Duplicate ACKs');
  await expect(caption(page)).toContainText('repeat its ACK for the last segment it holds in order (99)');
  await expect(tsd.locator('.chart-plot')).toHaveAttribute('data-highlights', '2');
  await page.keyboard.press('ArrowLeft');
  await expect(counter(page)).toHaveText('Step 2 of 8');
  await page.keyboard.press('ArrowRight');
  await expect(counter(page)).toHaveText('Step 3 of 8');

  // Before the fast retransmit: predict what cwnd will do.
  const predict = page.getByTestId('question-one-loss-cwnd');
  await expect(predict).toHaveAttribute('data-mode', 'upcoming');
  await expect(predict).toContainText('What will cwnd do?');
  await predict.getByRole('radio', { name: 'Halve' }).check();
  await expect(predict).toContainText('Now press Step');

  await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Fast retransmit');
  await expect(caption(page)).toContainText('Tahoe retransmits segment 100 at once (fast retransmit)');
  await expect(caption(page)).toContainText('Reno retransmits segment 100 without waiting for the timer');
  await expect(caption(page)).toContainText('SACK retransmits segment 100 and halves its window');
  const due = page.getByTestId('question-one-loss-cwnd');
  await expect(due).toHaveAttribute('data-mode', 'due');
  await expect(due).toContainText('You predicted: Halve');
  await due.getByRole('button', { name: 'Reveal' }).click();
  await expect(due.getByTestId('question-answer')).toContainText('Right: Halve.');
  await expect(due.getByTestId('question-answer')).toContainText('multiplicative decrease');
  // The TSD follows Tahoe, the first run of the step: the retransmission and the third duplicate ACK.
  await expect(tsd.locator('.tsd-ring-label')).toHaveText('3rd duplicate ACK: 100 resent');

  await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Fast recovery begins');
  await expect(caption(page)).toContainText('Fast recovery with window inflation');
  await expect(caption(page)).toContainText('SACK fast recovery');

  await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Fast recovery ends');
  await expect(caption(page).locator('.run-chip')).toHaveText(['Reno', 'NewReno', 'SACK']);
  await expect(caption(page)).toContainText('fast recovery ends. cwnd is now ssthresh (16 segments)');
  await expect(page.getByTestId('question-one-loss-deflate')).toContainText('You made no prediction.');

  // Through to the end: a summary of each run.
  await button(page, 'Step').click();
  await button(page, 'Step').click();
  await expect(counter(page)).toHaveText('Step 8 of 8');
  await expect(page.getByTestId('lesson-summary')).toContainText('NewReno');
  await expect(button(page, 'Step')).toBeDisabled();
  await button(page, 'Restart').click();
  await expect(counter(page)).toHaveText('Step 0 of 8');
  expect(errors).toEqual([]);
});

test('a link to a lesson step opens that step', async ({ page, context }) => {
  await openLesson(page);
  for (let i = 0; i < 6; i++) await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Fast recovery ends');
  await page.getByTestId('lesson-page').getByRole('button', { name: 'Copy link' }).click();
  const url = await page.getByTestId('share-url').inputValue();
  expect(url).toMatch(/#p=single-drop-reno&v=lessons&l=one-loss&step=6$/);
  expect(page.url()).toBe(url);

  const again = await context.newPage();
  await again.goto(url);
  await expect(again.getByRole('heading', { name: 'One lost segment' })).toBeVisible();
  await expect(again.getByTestId('lesson-step-counter')).toHaveText('Step 6 of 8', { timeout: 15_000 });
  await expect(again.getByTestId('lesson-step-title')).toHaveText('Fast recovery ends');
});

test('lesson page screenshot', async ({ page }, testInfo) => {
  await openLesson(page);
  for (let i = 0; i < 4; i++) await button(page, 'Step').click();
  await expect(title(page)).toHaveText('Fast retransmit');
  const path = testInfo.outputPath('lesson-page.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('lesson page', { path, contentType: 'image/png' });
});
