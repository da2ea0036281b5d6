/**
 * The editor as a teacher sees it, at a laptop's 1366×768 and a projector's
 * 1920×1080: a link being dragged, an invalid field with Play off, the note
 * of edits brought back after a reload, and My scenarios. Each state is
 * checked, then kept as a screenshot (attached to the report) to look at.
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
];

async function shot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const size of SIZES) {
  test(`the editor at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewportSize(size);
    await page.goto('./');
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    const editor = page.getByTestId('editor');
    await editor.scrollIntoViewIfNeeded();
    const tag = `${size.width}x${size.height}`;

    // Dragging a link from client's handle towards a new router.
    await page.getByRole('button', { name: 'Router', exact: true }).click();
    const client = editor.locator('g.topo-node[data-node-id="client"]');
    const server = editor.locator('g.topo-node[data-node-id="r2"]');
    await client.click();
    const h = (await client.locator('[data-handle]').boundingBox())!;
    const s = (await server.locator('.node-halo').boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(s.x + s.width / 2 + 60, s.y + s.height / 2 + 50, { steps: 6 });
    await page.mouse.move(s.x + s.width / 2 + 4, s.y + s.height / 2 + 2, { steps: 6 });
    await expect(page.getByTestId('link-preview')).toHaveClass(/on-target/);
    await shot(page, testInfo, `${tag}-dragging-a-link`);
    await page.mouse.up();
    await expect(editor.locator('g.topo-link')).toHaveCount(3);

    // An invalid field: Play off, the reason beside it.
    await editor.getByRole('button', { name: /^Link l2,/ }).click();
    await page.getByTestId('link-bandwidth').fill('0');
    await page.getByTestId('link-bandwidth').press('Enter');
    await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeDisabled();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, testInfo, `${tag}-invalid-field`);
    await page.getByTestId('link-bandwidth').fill('2Mbps');
    await page.getByTestId('link-bandwidth').press('Enter');

    // After a reload: the note that brings the edits back.
    await page.reload();
    await expect(page.getByTestId('restored-note')).toBeVisible();
    await shot(page, testInfo, `${tag}-restored-edits`);

    // My scenarios, with one saved.
    await page.getByRole('button', { name: 'Save a copy…' }).click();
    await page.getByTestId('save-copy-name').fill('Lesson 3: a faster bottleneck');
    await page.getByTestId('save-copy').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: /^My scenarios/ }).click();
    await expect(page.getByTestId('my-scenario')).toHaveCount(1);
    await page.getByTestId('my-scenarios').scrollIntoViewIfNeeded();
    await shot(page, testInfo, `${tag}-my-scenarios`);
    expect(errors).toEqual([]);
  });
}
