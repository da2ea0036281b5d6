/**
 * "For tools" in the page's header: the run so far as a libpcap capture and
 * as ns-2's trace, and the scenario as an ns-2.35 script — the same files
 * `npm run sim -- --pcap --ns2-trace --ns2-script` writes.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const LABEL = 'Single drop, Reno';
const KEY = 'single-drop-reno';

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function download(page: Page, item: string, path: (name: string) => string): Promise<{ name: string; bytes: Buffer }> {
  await page.getByText('For tools', { exact: true }).click();
  const waiting = page.waitForEvent('download');
  await button(page, item).click();
  const d = await waiting;
  const file = path(d.suggestedFilename());
  await d.saveAs(file);
  return { name: d.suggestedFilename(), bytes: readFileSync(file) };
}

test('For tools downloads the packets, the ns-2 trace and the ns-2 script', async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('./');
  await page.getByLabel('Scenario', { exact: true }).selectOption({ label: LABEL });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await button(page, 'Play').click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });

  const out = (n: string) => testInfo.outputPath(n);
  const pcap = await download(page, 'Packets (.pcap)', out);
  expect(pcap.name).toBe(`${KEY}.pcap`);
  expect(pcap.bytes.readUInt32LE(0)).toBe(0xa1b2c3d4); // libpcap, microseconds
  expect(pcap.bytes.readUInt32LE(20)).toBe(1); // Ethernet
  expect(pcap.bytes.length).toBeGreaterThan(100_000);

  const tr = await download(page, 'ns-2 trace (out.tr)', out);
  expect(tr.name).toBe(`${KEY}-out.tr`);
  const lines = tr.bytes.toString('latin1').trimEnd().split('\n');
  expect(lines[0]).toMatch(/^\+ 0 0 1 tcp 40 ------- 1 0\.0 2\.0 0 0$/);
  expect(lines.filter((l) => l.startsWith('d ')).length).toBeGreaterThan(0);

  const tcl = await download(page, 'ns-2 script (.tcl)', out);
  expect(tcl.name).toBe(`${KEY}.tcl`);
  const text = tcl.bytes.toString('utf8');
  expect(text).toContain('proc v_scenario');
  expect(text.trimEnd().endsWith('v_run')).toBe(true);
  expect(errors).toEqual([]);
});
