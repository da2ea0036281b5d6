/**
 * Editing that never loses work, against the production build: an edit
 * survives a reload (and the preset can be restored); undo and redo across
 * five kinds of edit; a link drawn by dragging from one node to another (and
 * by the keyboard); a node never lands on another or outside the canvas, and
 * the view never rescales while editing; several nodes selected and moved;
 * an invalid value stops Play with the reason, in the page's words; a 2-day
 * run set up from the page; My scenarios.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const editor = (page: Page) => page.getByTestId('editor');
const node = (page: Page, id: string) => editor(page).locator(`g.topo-node[data-node-id="${id}"]`);
const links = (page: Page) => editor(page).locator('g.topo-link');
const linkButton = (page: Page, name: RegExp) => editor(page).getByRole('button', { name });
const status = (page: Page) => page.getByTestId('run-status');
const modifier = process.platform === 'darwin' ? 'Meta' : 'Control';

async function open(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expect(node(page, 'r1')).toBeVisible();
  return errors;
}

type Saved = { duration?: number; sampleInterval?: number; nodes: { id: string; x: number; y: number }[]; links: Record<string, unknown>[]; flows: Record<string, unknown>[]; faults: Record<string, unknown>[] };

async function exported(page: Page, testInfo: TestInfo): Promise<Saved> {
  const saving = page.waitForEvent('download');
  await button(page, 'Export scenario').click();
  const file = await saving;
  const path = testInfo.outputPath(`${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return JSON.parse(readFileSync(path, 'utf8')) as Saved;
}

/** The centre of a node's shape on screen. */
async function centre(n: Locator): Promise<{ x: number; y: number }> {
  const b = (await n.locator('.node-halo').boundingBox())!;
  return { x: b.x + b.width / 2, y: b.y + b.height / 2 };
}

const at = async (n: Locator) => ({ x: Number(await n.getAttribute('data-x')), y: Number(await n.getAttribute('data-y')) });

async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, beforeDrop?: () => Promise<void>): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
  await page.mouse.move(to.x, to.y, { steps: 5 });
  await beforeDrop?.();
  await page.mouse.up();
}

async function setField(field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await field.press('Enter');
}

test('an edit survives a reload, says so, and the preset can be restored', async ({ page }) => {
  const errors = await open(page);
  await linkButton(page, /^Link l2,/).click();
  await setField(page.getByTestId('link-bandwidth'), '2Mbps');
  await expect(linkButton(page, /^Link l2, 2 Mbps, .*from r1 to client$/)).toBeVisible();
  // The address carries the edited scenario (a reload or a bookmark comes back to it).
  await expect.poll(() => new URL(page.url()).hash).toMatch(/^#s=/);

  await page.reload();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expect(linkButton(page, /^Link l2, 2 Mbps, .*from r1 to client$/)).toBeVisible();
  const note = page.getByTestId('restored-note');
  await expect(note).toContainText('Restored your edits to “Single drop, Reno”');
  await expect(page.getByLabel('Scenario', { exact: true }).locator('option:checked')).toHaveText('Single drop, Reno');

  await note.getByRole('button', { name: 'Revert to the preset' }).click();
  await expect(linkButton(page, /^Link l2, 1.5 Mbps, .*from r1 to client$/)).toBeVisible();
  await expect(note).toHaveCount(0);
  await expect.poll(() => new URL(page.url()).hash).toBe('#p=single-drop-reno');
  // Even a revert is undoable.
  await button(page, 'Undo').click();
  await expect(linkButton(page, /^Link l2, 2 Mbps, .*from r1 to client$/)).toBeVisible();
  await button(page, 'Redo').click();

  await page.reload();
  await expect(linkButton(page, /^Link l2, 1.5 Mbps, .*from r1 to client$/)).toBeVisible();
  await expect(page.getByTestId('restored-note')).toHaveCount(0);

  // A value the scenario did not take is kept too.
  await linkButton(page, /^Link l2,/).click();
  await setField(page.getByTestId('link-bandwidth'), 'fast');
  await page.reload();
  await expect(page.getByTestId('play-blocked')).toHaveText('Play waits for a fix: Link l2 → Bandwidth');
  await page.getByTestId('play-blocked').getByRole('button').click();
  await expect(page.getByTestId('link-bandwidth')).toBeFocused();
  await expect(page.getByTestId('link-bandwidth')).toHaveValue('fast');
  expect(errors).toEqual([]);
});

test('undo and redo across five kinds of edit, by keyboard and by button', async ({ page }, testInfo) => {
  const errors = await open(page);
  const r1 = node(page, 'r1');
  const x0 = (await at(r1)).x;

  // 1. topology: a router; 2. a link to it; 3. a move; 4. a parameter; 5. a flow; 6. a fault.
  await button(page, 'Router').click();
  await expect(node(page, 'r2')).toBeVisible();
  await page.getByTestId('node-panel').getByLabel('Link to').selectOption('client');
  await page.getByTestId('node-panel').getByRole('button', { name: 'Add link' }).click();
  await expect(links(page)).toHaveCount(3);
  await r1.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(r1).toHaveAttribute('data-x', String(x0 - 20));
  await linkButton(page, /^Link l2,/).click();
  await setField(page.getByTestId('link-bandwidth'), '3Mbps');
  await page.getByRole('tab', { name: /^Flows/ }).click();
  await button(page, 'Add TCP flow').click();
  await expect(page.getByRole('tab', { name: 'Flows (2)' })).toBeVisible();
  await page.getByRole('tab', { name: /^Faults/ }).click();
  await page.getByLabel('Fault', { exact: true }).selectOption('linkDown');
  await page.getByTestId('fault-submit').click();
  await expect(page.getByRole('tab', { name: 'Faults (2)' })).toBeVisible();

  const undoKey = () => page.keyboard.press(`${modifier}+z`);
  const redoKey = () => page.keyboard.press(`${modifier}+Shift+z`);
  await editor(page).click({ position: { x: 5, y: 5 } }); // focus off the form fields (there Ctrl+Z undoes typing)
  await undoKey();
  await expect(page.getByRole('tab', { name: 'Faults (1)' })).toBeVisible();
  await undoKey();
  await expect(page.getByRole('tab', { name: 'Flows (1)' })).toBeVisible();
  await undoKey();
  await expect(linkButton(page, /^Link l2, 1.5 Mbps, .*from r1 to client$/)).toBeVisible();
  await undoKey(); // the two nudges were one step
  await expect(r1).toHaveAttribute('data-x', String(x0));
  await button(page, 'Undo').click();
  await expect(links(page)).toHaveCount(2);
  await expect(button(page, 'Undo')).toHaveAttribute('title', 'Undo: Add a router (Ctrl+Z)');
  await button(page, 'Undo').click();
  await expect(node(page, 'r2')).toHaveCount(0);
  await expect(button(page, 'Undo')).toBeDisabled();

  await redoKey();
  await expect(node(page, 'r2')).toBeVisible();
  await button(page, 'Redo').click();
  await expect(links(page)).toHaveCount(3);
  await redoKey();
  await expect(r1).toHaveAttribute('data-x', String(x0 - 20));
  await page.keyboard.press(`${modifier}+y`);
  await expect(linkButton(page, /^Link l2, 3 Mbps, .*from r1 to client$/)).toBeVisible();
  await redoKey();
  await redoKey();
  await expect(page.getByRole('tab', { name: 'Faults (2)' })).toBeVisible();
  await expect(button(page, 'Redo')).toBeDisabled();
  const saved = await exported(page, testInfo);
  expect(saved.nodes.map((n) => n.id)).toEqual(['server', 'r1', 'client', 'r2']);
  expect(saved.links[1]!.bandwidth).toBe('3Mbps');
  expect(saved.flows).toHaveLength(2);
  expect(saved.faults.at(-1)).toMatchObject({ kind: 'linkDown', link: 'l2' }); // the link last chosen in the diagram
  expect(errors).toEqual([]);
});

test('dragging from a node to another draws a link, in the exported scenario; so do the link tool and the L key', async ({ page }, testInfo) => {
  const errors = await open(page);
  const zoom = await page.getByTestId('topology').getAttribute('data-zoom');
  // From client's + handle (shown on the selected node) to server.
  await node(page, 'client').click();
  const handle = (await node(page, 'client').locator('[data-handle]').boundingBox())!;
  await drag(page, { x: handle.x + handle.width / 2, y: handle.y + handle.height / 2 }, await centre(node(page, 'server')), async () => {
    await expect(page.getByTestId('link-preview')).toHaveClass(/on-target/);
    await expect(node(page, 'server')).toHaveClass(/link-target/);
  });
  await expect(page.getByTestId('link-preview')).toHaveCount(0);
  await expect(links(page)).toHaveCount(3);
  await expect(page.getByTestId('link-panel')).toContainText('client ⇄ server');
  // Nodes did not move, and the view kept its scale.
  await expect(page.getByTestId('topology')).toHaveAttribute('data-zoom', zoom!);

  // The link tool: drag from anywhere on a node.
  await button(page, 'Router').click();
  await page.getByTestId('link-tool').click();
  await drag(page, await centre(node(page, 'r2')), await centre(node(page, 'r1')));
  await expect(links(page)).toHaveCount(4);
  // A drop on empty canvas draws nothing.
  const empty = await centre(node(page, 'r1'));
  await drag(page, await centre(node(page, 'r2')), { x: empty.x, y: empty.y + 110 });
  await expect(links(page)).toHaveCount(4);
  await expect(page.getByTestId('topology-hint')).toContainText('drop the line on another node');
  await page.getByTestId('link-tool').click();

  // The keyboard: L on a node, Enter on another.
  await node(page, 'r2').focus();
  await page.keyboard.press('l');
  await expect(page.getByTestId('topology-hint')).toContainText('Linking from r2');
  await node(page, 'server').focus();
  await page.keyboard.press('Enter');
  await expect(links(page)).toHaveCount(5);

  const saved = await exported(page, testInfo);
  expect(saved.links.slice(2)).toEqual([
    { id: 'l3', a: 'client', b: 'server', bandwidth: '10Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } },
    { id: 'l4', a: 'r2', b: 'r1', bandwidth: '10Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } },
    { id: 'l5', a: 'r2', b: 'server', bandwidth: '10Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } },
  ]);
  expect(errors).toEqual([]);
});

test('a node cannot be dropped onto another nor outside the canvas, and the view never rescales', async ({ page }, testInfo) => {
  const errors = await open(page);
  const topology = page.getByTestId('topology');
  const zoom = await topology.getAttribute('data-zoom');
  const r1 = node(page, 'r1');
  const client = node(page, 'client');

  await drag(page, await centre(r1), await centre(client), async () => {
    await expect(r1).toHaveClass(/blocked/);
  });
  const a = await at(r1);
  const b = await at(client);
  expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThanOrEqual(60);

  // Far outside the canvas: the node stops at its edge, still in view, and the view keeps its scale.
  const box = (await topology.boundingBox())!;
  await drag(page, await centre(r1), { x: box.x + box.width / 2, y: box.y + box.height + 300 });
  await expect(topology).toHaveAttribute('data-zoom', zoom!);
  const shape = (await r1.locator('.node-halo').boundingBox())!;
  expect(shape.y + shape.height).toBeLessThanOrEqual(box.y + box.height);
  expect(shape.y).toBeGreaterThan(box.y + box.height / 2);

  const saved = await exported(page, testInfo);
  const [p, q] = [saved.nodes.find((n) => n.id === 'r1')!, saved.nodes.find((n) => n.id === 'client')!];
  expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeGreaterThanOrEqual(60);
  expect(errors).toEqual([]);
});

test('several nodes selected (Shift+click, or a box) move together; snap to grid', async ({ page }) => {
  const errors = await open(page);
  const server = node(page, 'server');
  const r1 = node(page, 'r1');
  const client = node(page, 'client');
  const s0 = await at(server);
  const r0 = await at(r1);
  const c0 = await at(client);

  await server.click();
  await r1.click({ modifiers: ['Shift'] });
  await expect(page.getByTestId('nodes-panel')).toContainText('2 nodes');
  const zoom = Number(await page.getByTestId('topology').getAttribute('data-zoom'));
  const from = await centre(r1);
  await drag(page, from, { x: from.x, y: from.y + 40 });
  const dy = Math.round(40 / zoom);
  await expect.poll(async () => (await at(server)).y - s0.y).toBeGreaterThanOrEqual(dy - 1);
  expect((await at(r1)).y - r0.y).toBe((await at(server)).y - s0.y);
  expect(await at(client)).toEqual(c0);
  // One step of undo.
  await button(page, 'Undo').click();
  await expect(server).toHaveAttribute('data-y', String(s0.y));
  await expect(r1).toHaveAttribute('data-y', String(r0.y));

  // A box around all three, then the keyboard moves them all, on the grid.
  const bg = (await page.getByTestId('topology').boundingBox())!;
  await drag(page, { x: bg.x + 4, y: bg.y + 4 }, { x: bg.x + bg.width - 4, y: bg.y + bg.height - 4 });
  await expect(page.getByTestId('nodes-panel')).toContainText('3 nodes');
  await page.getByTestId('snap-to-grid').click();
  await client.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(async () => (await at(client)).y).toBe(c0.y - 20);
  expect((await at(server)).y).toBe(s0.y - 20);
  expect(errors).toEqual([]);
});

test('an invalid bandwidth stops Play with the reason in the page’s words; fixing it brings Play back', async ({ page }) => {
  const errors = await open(page);
  await linkButton(page, /^Link l2,/).click();
  const bandwidth = page.getByTestId('link-bandwidth');
  await setField(bandwidth, '0');
  await expect(button(page, 'Play')).toBeDisabled();
  await expect(page.getByTestId('play-blocked')).toHaveText('Play waits for a fix: Link l2 → Bandwidth');
  await expect(page.getByTestId('check-error')).toHaveCount(1);
  await expect(page.getByTestId('check-error').getByRole('button')).toHaveText('Link l2 → Bandwidth: must be more than 0 — for example 10 Mbps');
  await expect(page.getByTestId('link-panel').getByTestId('field-error')).toContainText('must be more than 0 — for example 10 Mbps');
  // Space does not play either.
  await page.locator('body').click({ position: { x: 2, y: 300 } });
  await page.keyboard.press('Space');
  await expect(status(page)).toHaveAttribute('data-status', 'ready');

  // The message takes you to the field, wherever you are.
  await page.getByRole('tab', { name: /^Flows/ }).click();
  await page.getByTestId('check-error').getByRole('button').click();
  await expect(bandwidth).toBeFocused();
  await setField(bandwidth, '1Mbps');
  await expect(button(page, 'Play')).toBeEnabled();
  await expect(page.getByTestId('scenario-checks')).toHaveCount(0);
  await button(page, 'Play').click();
  await expect(status(page)).toHaveAttribute('data-status', /playing|done/);
  expect(errors).toEqual([]);
});

test('a 2-day run can be set up from the page: the message points to the sample interval and its memory', async ({ page }, testInfo) => {
  const errors = await open(page);
  await editor(page).locator('.topo-bg').click({ position: { x: 10, y: 10 } });
  const duration = page.getByTestId('run-duration');
  await setField(duration, '172800');
  const check = page.getByTestId('check-error').getByRole('button');
  await expect(check).toHaveText(
    'Run → Sample interval: too fine for a 172,800 s run: it would keep 17,280,000 samples of each series, at most 2,000,000 — use at least 0.0864 s, or a shorter run',
  );
  await expect(button(page, 'Play')).toBeDisabled();
  await check.click();
  const interval = page.getByTestId('run-sample-interval');
  await expect(interval).toBeFocused();
  await setField(interval, '1');
  await expect(button(page, 'Play')).toBeEnabled();
  await expect(duration).toHaveValue('172800');
  await expect(page.getByTestId('sample-memory')).toHaveText('172,801 samples of 33 values: about 46 MB by the end of the run.');
  await expect(page.getByText('/ 172800 s')).toBeVisible();
  // The measurement window and the seed are there too.
  await setField(page.getByLabel('Measure from'), '3600');
  await setField(page.getByTestId('run-seed'), '7');
  const saved = await exported(page, testInfo);
  expect(saved).toMatchObject({ duration: 172800, sampleInterval: 1, seed: 7, measure: { from: 3600, to: 172800 } });
  expect(errors).toEqual([]);
});

test('My scenarios: save a copy, rename it, find it after a reload, export and delete it', async ({ page }, testInfo) => {
  const errors = await open(page);
  await linkButton(page, /^Link l2,/).click();
  await setField(page.getByTestId('link-bandwidth'), '4Mbps');
  await button(page, 'Save a copy…').click();
  await page.getByTestId('save-copy-name').fill('Lesson 3');
  await page.getByTestId('save-copy').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('Lesson 3');
  await expect(page.getByLabel('Scenario', { exact: true }).locator('option:checked')).toHaveText('Lesson 3');
  await expect(page.getByLabel('Scenario', { exact: true }).locator('optgroup[label="My scenarios"] option')).toHaveText(['Lesson 3']);

  // The preset is as published again.
  await page.getByLabel('Scenario', { exact: true }).selectOption('single-drop-reno');
  await expect(linkButton(page, /^Link l2, 1.5 Mbps, .*from r1 to client$/)).toBeVisible();
  await expect(page.getByTestId('restored-note')).toHaveCount(0);

  await page.reload();
  await button(page, /^My scenarios/).click();
  const row = page.getByTestId('my-scenario');
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Rename Lesson 3' }).click();
  await page.getByTestId('my-rename-input').fill('Lesson 3: a faster bottleneck');
  await page.getByTestId('my-rename-input').press('Enter');
  await expect(row).toContainText('Lesson 3: a faster bottleneck');
  const saving = page.waitForEvent('download');
  await row.getByRole('button', { name: 'Export Lesson 3: a faster bottleneck' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toMatch(/^lesson-3/);
  const path = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(path);
  const saved = JSON.parse(readFileSync(path, 'utf8'));
  expect(saved).toMatchObject({ name: 'Lesson 3: a faster bottleneck' });
  expect(saved.links[1].bandwidth).toBe('4Mbps');
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(page.getByTestId('scenario-name')).toHaveText('Lesson 3: a faster bottleneck');

  await button(page, /^My scenarios/).click();
  await row.getByRole('button', { name: 'Delete Lesson 3: a faster bottleneck' }).click();
  await row.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByTestId('my-scenario')).toHaveCount(0);
  await expect(page.getByTestId('scenario-name')).toHaveText('Single drop, Reno');
  await page.reload();
  await expect(page.getByLabel('Scenario', { exact: true }).locator('optgroup[label="My scenarios"]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
