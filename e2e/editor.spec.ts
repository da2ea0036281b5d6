/**
 * The scenario editor as a teacher uses it, against the production build:
 * build a topology (add a router and a link), keep a bad value with its
 * reason in plain words while Play waits for it, drag and nudge a node, add a
 * TCP flow, inject a drop into a running run and step to the fast retransmit
 * it causes (then replay it from the exported scenario), delete a node and
 * its links. Elements are found by role, label and data-testid.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const SCENARIO_LABEL = 'Single drop, Reno';

const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name, exact: typeof name === 'string' });
const editor = (page: Page) => page.getByTestId('editor');
const node = (page: Page, id: string, kind: string) => editor(page).getByRole('button', { name: `Node ${id}, ${kind}`, exact: true });
const links = (page: Page) => editor(page).locator('g.topo-link');
const status = (page: Page) => page.getByTestId('run-status');
const simTime = async (page: Page) => Number(await page.getByTestId('sim-time').textContent());

async function openScenario(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: SCENARIO_LABEL });
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expect(node(page, 'r1', 'router')).toBeVisible();
  return errors;
}

async function exported(page: Page, testInfo: TestInfo): Promise<{ nodes: Record<string, unknown>[]; links: Record<string, unknown>[]; flows: Record<string, unknown>[]; faults: Record<string, unknown>[] }> {
  const saving = page.waitForEvent('download');
  await button(page, 'Export scenario').click();
  const file = await saving;
  const path = testInfo.outputPath(`${Date.now()}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return JSON.parse(readFileSync(path, 'utf8'));
}

async function setSpeed(page: Page, speed: number | 'max'): Promise<void> {
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(speed)));
}

test('add a router and a link; a bad bandwidth is named in plain words, stops Play, and is fixed', async ({ page }, testInfo) => {
  const errors = await openScenario(page);
  await expect(links(page)).toHaveCount(2);

  await button(page, 'Router').click();
  await expect(node(page, 'r2', 'router')).toBeVisible();
  const nodePanel = page.getByTestId('node-panel');
  await nodePanel.getByLabel('Link to').selectOption('client');
  await nodePanel.getByRole('button', { name: 'Add link' }).click();
  await expect(links(page)).toHaveCount(3);
  await expect(editor(page).getByRole('button', { name: 'Link l3, 10 Mbps, 10 ms, from r2 to client' })).toBeVisible();

  // The new link is selected: its panel edits it.
  const bandwidth = page.getByTestId('link-bandwidth');
  await bandwidth.fill('fast');
  await bandwidth.press('Enter');
  const error = page.getByTestId('link-panel').getByTestId('field-error');
  await expect(error).toContainText('must be a bandwidth — for example 10 Mbps');
  // The loader's own line (with the field path) is in the details.
  await expect(error.locator('.issue-details code')).toHaveText('links[2].bandwidth: must be a bandwidth such as "10Mbps" or a number of bit/s (got "fast")');
  await expect(bandwidth).toHaveAttribute('aria-invalid', 'true');
  await expect(bandwidth).toHaveValue('fast'); // what the user typed stays, to fix

  // The scenario keeps its last valid value (Export saves it), and Play and Step wait for the fix.
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  let saved = await exported(page, testInfo);
  expect(saved.links[2]).toMatchObject({ id: 'l3', a: 'r2', b: 'client', bandwidth: '10Mbps' });
  await expect(button(page, 'Play')).toBeDisabled();
  await expect(button(page, 'Step')).toBeDisabled();
  await expect(page.getByTestId('play-blocked')).toHaveText('Play waits for a fix: Link l3 → Bandwidth');

  await bandwidth.fill('2Mbps');
  await bandwidth.press('Enter');
  await expect(error).toHaveCount(0);
  await expect(button(page, 'Play')).toBeEnabled();
  await expect(page.getByTestId('play-blocked')).toHaveCount(0);
  await expect(editor(page).getByRole('button', { name: 'Link l3, 2 Mbps, 10 ms, from r2 to client' })).toBeVisible();
  saved = await exported(page, testInfo);
  expect(saved.links[2]).toEqual({ id: 'l3', a: 'r2', b: 'client', bandwidth: '2Mbps', delay: '10ms', queue: { type: 'droptail', limit: 50 } });
  expect(saved.nodes.map((n) => n.id)).toEqual(['server', 'r1', 'client', 'r2']);

  // RED parameters appear only for RED.
  await expect(page.getByLabel('Max drop probability')).toHaveCount(0);
  await page.getByTestId('link-queue-type').selectOption('red');
  await expect(page.getByLabel('Max drop probability')).toBeVisible();
  expect(errors).toEqual([]);
});

test('drag a node and nudge it with the keyboard: the exported scenario has the new position', async ({ page }, testInfo) => {
  const errors = await openScenario(page);
  const r1 = node(page, 'r1', 'router');
  const x0 = Number(await r1.getAttribute('data-x'));
  const y0 = Number(await r1.getAttribute('data-y'));
  const box = (await r1.boundingBox())!;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2 - 8; // the shape, above the label
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  await page.mouse.move(cx + 20, cy + 40, { steps: 4 });
  await page.mouse.move(cx + 40, cy + 80, { steps: 4 });
  await page.mouse.up();
  // Positions are in the scenario's pixels: screen pixels over the view's zoom.
  const zoom = Number(await page.getByTestId('topology').getAttribute('data-zoom'));
  const x1 = Math.round(x0 + 40 / zoom);
  const y1 = Math.round(y0 + 80 / zoom);
  await expect.poll(async () => Math.abs(Number(await r1.getAttribute('data-y')) - y1)).toBeLessThanOrEqual(1);
  expect(Math.abs(Number(await r1.getAttribute('data-x')) - x1)).toBeLessThanOrEqual(1);
  // A drag selects the node; moving never restarts the run.
  await expect(page.getByTestId('node-panel')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');

  const dragged = { x: Number(await r1.getAttribute('data-x')), y: Number(await r1.getAttribute('data-y')) };
  await r1.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(r1).toHaveAttribute('data-x', String(dragged.x - 10));
  const saved = await exported(page, testInfo);
  expect(saved.nodes[1]).toEqual({ id: 'r1', kind: 'router', x: dragged.x - 10, y: dragged.y });
  expect(errors).toEqual([]);
});

test('add a TCP flow and choose its variant', async ({ page }, testInfo) => {
  const errors = await openScenario(page);
  await page.getByRole('tab', { name: /^Flows/ }).click();
  await button(page, 'Add TCP flow').click();
  const card = page.getByTestId('flow-tcp1');
  await expect(card).toContainText('TCP Reno');
  await expect(card).toContainText('server → client');
  await page.getByTestId('flow-variant-tcp1').selectOption('cubic');
  await expect(card).toContainText('TCP CUBIC');
  const win = page.getByTestId('flow-window-tcp1');
  await win.fill('40');
  await win.press('Tab');
  // At t = 0 an edit applies at once: the run now has the new flow.
  await expect(page.getByTestId('cwnd-chart-tcp1')).toBeVisible();
  // A broken file is refused and the work stays.
  await page.getByTestId('import-input').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{"version": 1, "nodes": 3}') });
  await expect(page.getByTestId('problem')).toContainText('Could not import broken.json');
  await expect(card).toContainText('TCP CUBIC');
  const saved = await exported(page, testInfo);
  expect(saved.flows[1]).toMatchObject({ id: 'tcp1', kind: 'tcp', variant: 'cubic', from: 'server', to: 'client', tcp: { window: 40 } });
  expect(errors).toEqual([]);
});

test('inject a drop into a running run; Step shows the fast retransmit; the export replays it', async ({ page }, testInfo) => {
  const errors = await openScenario(page);
  await page.getByRole('tab', { name: /^Faults/ }).click();
  await expect(page.getByTestId('fault-mode')).toContainText('Before the run');

  await setSpeed(page, 0.1);
  await button(page, 'Play').click();
  await expect.poll(() => simTime(page)).toBeGreaterThan(0.1);
  await setSpeed(page, 0.01); // from here the run crawls: nothing happens before we step
  await expect(page.getByTestId('fault-mode')).toContainText('Run under way');
  await expect(page.getByLabel('Fault', { exact: true })).toHaveValue('dropSegments');
  await page.getByTestId('fault-submit').click();

  await expect(page.getByTestId('fault-item')).toHaveCount(2);
  const item = page.getByTestId('fault-item').last();
  await expect(item).toHaveAttribute('data-seqs', /^\d+$/);
  const seq = Number(await item.getAttribute('data-seqs'));
  expect(seq).toBeGreaterThan(0);
  await expect(page.getByTestId('live-note')).toContainText('1 fault injected');
  await expect(status(page)).toHaveAttribute('data-status', 'playing'); // resumed

  await button(page, 'Pause').click();
  const fastRetransmit = new RegExp(`fast retransmit of segment ${seq}\\b`);
  const stepUntil = async (pattern: RegExp) => {
    for (let i = 0; i < 12; i++) {
      await button(page, 'Step').click();
      await expect(status(page)).toHaveAttribute('data-status', 'paused');
      if (pattern.test((await page.getByTestId('caption-detail').textContent()) ?? '')) return;
    }
    throw new Error(`no caption matched ${pattern}`);
  };
  await stepUntil(fastRetransmit);
  await expect(page.getByTestId('caption')).toContainText('Fast retransmit');

  // Recorded in the scenario: Export saves it, and Reset replays it.
  const saved = await exported(page, testInfo);
  expect(saved.faults).toEqual([
    { kind: 'dropSegments', flow: 'reno', seqs: [100] },
    { kind: 'dropSegments', flow: 'reno', seqs: [seq] },
  ]);
  await button(page, 'Reset').click();
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  await expect(page.getByTestId('live-note')).toHaveCount(0);
  await stepUntil(fastRetransmit);
  expect(errors).toEqual([]);
});

test('delete a node: the confirm line names what goes with it, and its links go', async ({ page }) => {
  const errors = await openScenario(page);
  const r1 = node(page, 'r1', 'router');
  // Keyboard alone: focus the node, select it, ask to delete, think again (Escape).
  await r1.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('node-panel')).toBeVisible();
  await page.keyboard.press('Delete');
  const confirm = page.getByTestId('confirm');
  await expect(confirm).toContainText('Delete node r1?');
  await expect(confirm).toContainText('Also deletes links l1 and l2, flow reno and 1 fault.');
  await expect(confirm.getByRole('button', { name: 'Delete', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(links(page)).toHaveCount(2);

  await page.getByTestId('node-panel').getByRole('button', { name: 'Delete node…' }).click();
  await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(r1).toHaveCount(0);
  await expect(links(page)).toHaveCount(0);
  await expect(node(page, 'server', 'host')).toBeVisible();
  await page.getByRole('tab', { name: /^Flows/ }).click();
  await expect(page.getByRole('tab', { name: 'Flows (0)' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('mid-run edits wait for Reset; the topology shows queues live', async ({ page }, testInfo) => {
  const errors = await openScenario(page);
  await setSpeed(page, 'max');
  await button(page, 'Play').click();
  await expect(status(page)).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
  // The bottleneck's queue r1 → client filled during the run.
  const lane = editor(page).locator('g.lane[data-link="l2"][data-from="r1"]');
  await expect(lane).toHaveAttribute('data-pkts', /^\d+$/);

  await editor(page).getByRole('button', { name: /^Link l2, / }).click();
  const bandwidth = page.getByTestId('link-bandwidth');
  await bandwidth.fill('3Mbps');
  await bandwidth.press('Enter');
  await expect(page.getByTestId('stale-note')).toBeVisible();
  await expect(status(page)).toHaveAttribute('data-status', 'done'); // the run was not thrown away
  await button(page, 'Reset').click();
  await expect(page.getByTestId('stale-note')).toHaveCount(0);
  await expect(status(page)).toHaveAttribute('data-status', 'ready');
  const saved = await exported(page, testInfo);
  expect(saved.links[1].bandwidth).toBe('3Mbps');

  const path = testInfo.outputPath('editor.png');
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach('editor', { path, contentType: 'image/png' });
  expect(errors).toEqual([]);
});
