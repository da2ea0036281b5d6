/**
 * What the class sees, at a 1366×768 laptop and a 1920×1080 projector:
 * charts that tell the truth (ssthresh on the axis during slow start, one
 * colour per flow everywhere), packets moving on the wire when stepping with
 * the scripted loss marked where it happens, the event log moving the
 * charts' cursor, and charts saved as PNG and SVG.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { SPEEDS } from '../src/ui/controls/speeds';

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const;

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });

async function open(page: Page, hash = ''): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`./${hash}`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  return errors;
}

/** `key:colour` pairs a chart drew its lines with (time-chart.ts data-line-colours). */
async function lineColours(page: Page, testId: string): Promise<Record<string, string>> {
  const raw = (await page.getByTestId(testId).locator('.chart-plot').getAttribute('data-line-colours')) ?? '';
  return Object.fromEntries(raw.split(' ').filter(Boolean).map((p) => p.split(':') as [string, string]));
}

/** Width and height of a PNG, from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test('during slow start the cwnd axis reaches ssthresh', async ({ page }) => {
      const errors = await open(page);
      await page.keyboard.press('p');
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(0.1)));
      await button(page, 'Play').click();
      const plot = page.getByTestId('cwnd-chart-reno').locator('.chart-plot');
      // slow start lasts until ~0.23 s (cwnd 2 → 32)
      await expect.poll(async () => Number(await page.getByTestId('sim-time').textContent())).toBeGreaterThan(0.08);
      await button(page, 'Pause').click();
      const t = Number(await page.getByTestId('sim-time').textContent());
      expect(t).toBeLessThan(0.22);
      const label = (await plot.locator('svg').getAttribute('aria-label')) ?? '';
      const ssthresh = Number(/ssthresh ([\d.]+)/.exec(label)?.[1]);
      const cwnd = Number(/now ([\d.]+) segments/.exec(label)?.[1]);
      expect(cwnd).toBeLessThan(ssthresh); // still in slow start
      expect(ssthresh).toBe(32);
      expect(Number(await plot.getAttribute('data-y-max'))).toBeGreaterThanOrEqual(ssthresh);
      expect(Number(await plot.getAttribute('data-y-min'))).toBeLessThanOrEqual(ssthresh);
      expect(errors).toEqual([]);
    });

    test('a flow has the same colour in its cwnd chart, the throughput chart and the legends', async ({ page }) => {
      const errors = await open(page, '#p=p001-exp2-reno-reno');
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
      await button(page, 'Play').click();
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
      const flows = await page.locator('[data-testid^="cwnd-chart-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!.slice('cwnd-chart-'.length)));
      expect(flows.length).toBeGreaterThanOrEqual(2);
      const throughput = await lineColours(page, 'throughput-chart');
      const seen = new Set<string>();
      for (const flow of flows) {
        const cwnd = (await lineColours(page, `cwnd-chart-${flow}`)).cwnd;
        expect(cwnd, `flow ${flow}`).toMatch(/^#[0-9A-F]{6}$/i);
        expect(throughput[`flow-${flow}`], `flow ${flow} in the throughput chart`).toBe(cwnd);
        const legend = page.getByTestId('throughput-legend').getByRole('listitem').filter({ hasText: `flow ${flow}` });
        await expect(legend).toHaveAttribute('data-colour', cwnd);
        await expect(legend.locator('line')).toHaveAttribute('stroke', cwnd);
        await expect(page.getByTestId(`cwnd-chart-${flow}`).getByRole('listitem').filter({ hasText: /^cwnd$/ })).toHaveAttribute('data-colour', cwnd);
        seen.add(cwnd);
      }
      expect(seen.size).toBe(flows.length);
      expect(errors).toEqual([]);
    });

    test('stepping shows packets moving along a link and the scripted loss marked where it happens', async ({ page }) => {
      const errors = await open(page);
      await page.keyboard.press('p');
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(0.05)));
      const layer = page.getByTestId('packet-layer');
      await button(page, 'Step').click();
      await expect(page.getByTestId('caption')).toContainText(/segment 100 lost/);
      // The moments before the loss are replayed: packets on the wire, moving.
      const positions = async () =>
        page.locator('.packet-layer rect.packet.on-wire:not([display="none"])').evaluateAll((els) => els.map((e) => `${e.getAttribute('data-seq')}@${e.getAttribute('data-x')}`));
      await expect.poll(async () => (await positions()).length).toBeGreaterThan(0);
      const first = await positions();
      await page.waitForTimeout(400);
      const later = await positions();
      expect(later).not.toEqual(first);
      expect(Number(await layer.getAttribute('data-marks'))).toBeGreaterThan(0);
      // The replay ends at the loss: segment 100, dropped where it entered link l1 at the server.
      const drop = page.locator('.packet-lane[data-link="l1"][data-from="server"] .packet-drop:not([display="none"])');
      await expect(drop).toHaveCount(1, { timeout: 8000 });
      await expect(drop).toHaveAttribute('data-seq', 'segment 100');
      await expect(drop).toHaveAttribute('data-cause', 'dropped by the scenario');
      await expect(drop.locator('title')).toHaveText(/segment 100 of flow reno lost/);
      // Faster than 0.1×, the packets give way to the queue lanes.
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf(1)));
      await button(page, 'Play').click();
      await expect(layer).toHaveAttribute('data-marks', '0');
      expect(errors).toEqual([]);
    });

    test('the event log lists the fast retransmit; choosing it moves the charts’ cursor there', async ({ page }) => {
      const errors = await open(page);
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
      await button(page, 'Play').click();
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      const log = page.getByTestId('event-log');
      await log.scrollIntoViewIfNeeded();
      await log.getByTestId('event-log-kind').selectOption('fast_retransmit');
      const row = log.getByRole('listbox').getByRole('option').filter({ hasText: 'Fast retransmit' });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('reno');
      const time = Number(await row.getAttribute('data-time'));
      expect(time).toBeGreaterThan(0.4);
      await row.click();
      const plot = page.getByTestId('cwnd-chart-reno').locator('.chart-plot');
      await expect(plot).toHaveAttribute('data-cursor', String(time));
      await expect(page.getByTestId('throughput-chart').locator('.chart-plot')).toHaveAttribute('data-cursor', String(time));
      // the window moved to the event
      expect(Number(await plot.getAttribute('data-t0'))).toBeLessThanOrEqual(time);
      expect(Number(await plot.getAttribute('data-t1'))).toBeGreaterThanOrEqual(time);
      // keyboard: the list is one tab stop; arrows move, Enter chooses
      await log.getByTestId('event-log-kind').selectOption('*');
      await log.getByRole('listbox').focus();
      await page.keyboard.press('Home');
      await page.keyboard.press('Enter');
      const firstTime = Number(await log.getByRole('listbox').getByRole('option', { selected: true }).getAttribute('data-time'));
      await expect(plot).toHaveAttribute('data-cursor', String(firstTime));
      expect(errors).toEqual([]);
    });

    test('a chart saves as a PNG at projector resolution and as an SVG of its size', async ({ page }) => {
      const errors = await open(page);
      await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
      await button(page, 'Play').click();
      await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
      const card = page.getByTestId('cwnd-chart-reno');
      const plotBox = (await card.locator('.chart-plot').boundingBox())!;

      const [png] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'PNG', exact: true }).click()]);
      expect(png.suggestedFilename()).toBe('cwnd-reno.png');
      const pngBytes = readFileSync((await png.path())!);
      const { width, height } = pngSize(pngBytes);
      expect(width).toBe(1920);
      expect(height).toBeGreaterThan(plotBox.height * (1920 / (plotBox.width + 40)));
      expect(pngBytes.length).toBeGreaterThan(20_000);

      const [svg] = await Promise.all([page.waitForEvent('download'), card.getByRole('button', { name: 'SVG', exact: true }).click()]);
      expect(svg.suggestedFilename()).toBe('cwnd-reno.svg');
      const text = readFileSync((await svg.path())!, 'utf8');
      const parsed = await page.evaluate((t) => {
        const doc = new DOMParser().parseFromString(t, 'image/svg+xml');
        const root = doc.documentElement;
        return {
          error: doc.querySelector('parsererror')?.textContent ?? null,
          name: root.nodeName,
          width: Number(root.getAttribute('width')),
          height: Number(root.getAttribute('height')),
          paths: doc.querySelectorAll('g.data path').length,
          texts: [...doc.querySelectorAll('text')].map((e) => e.textContent),
        };
      }, text);
      expect(parsed.error).toBeNull();
      expect(parsed.name).toBe('svg');
      // the chart at its size on screen, with the title and legend above it
      expect(parsed.width).toBeGreaterThanOrEqual(plotBox.width);
      expect(parsed.width).toBeLessThan(plotBox.width + 60);
      expect(parsed.height).toBeGreaterThan(plotBox.height);
      expect(parsed.paths).toBeGreaterThan(2); // cwnd, ssthresh, markers as vector paths
      expect(parsed.texts).toContain('cwnd (segments)');
      expect(parsed.texts.join(' ')).toContain('Flow reno');
      expect(errors).toEqual([]);
    });

    test('the presenter view saves as one picture', async ({ page }) => {
      const errors = await open(page);
      await page.keyboard.press('p');
      await button(page, 'Step').click();
      await expect(page.getByTestId('caption')).toContainText(/segment 100 lost/);
      const [png] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-view-png').click()]);
      expect(pngSize(readFileSync((await png.path())!)).width).toBe(1920);
      const [svg] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-view-svg').click()]);
      const text = readFileSync((await svg.path())!, 'utf8');
      expect(text).toContain('segment 100 lost');
      expect(text).toMatch(/<svg[^>]+width="\d/);
      expect((text.match(/<svg/g) ?? []).length).toBeGreaterThan(3); // topology and charts inside
      expect(errors).toEqual([]);
    });
  });
}

/** How many rows the children of `selector` are laid out in (distinct tops, to the pixel). */
async function rows(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((el) => {
    const tops = new Set<number>();
    const walk = (e: Element) => {
      for (const c of e.children) {
        const r = c.getBoundingClientRect();
        if (r.width <= 1 || r.height <= 1) continue; // clipped labels and hidden parts
        if (getComputedStyle(c).display === 'contents' || c.classList.contains('control-group')) walk(c);
        else tops.add(Math.round(r.top + r.height / 2));
      }
    };
    walk(el);
    // centres within 12 px of each other are one row (buttons and a slider align on their middles)
    const sorted = [...tops].sort((a, b) => a - b);
    return sorted.filter((t, i) => i === 0 || t - sorted[i - 1] > 12).length;
  });
}

for (const size of SIZES) {
  test(`at ${size.width}×${size.height} the header and the Lab's run controls take one row each`, async ({ page }) => {
    await page.setViewportSize(size);
    await open(page, '#v=lab&p=dumbbell-udp');
    expect(await rows(page, '.app-header')).toBe(1);
    expect(await rows(page, '.toolbar')).toBe(1);
    // What the narrow header leaves out is still the buttons' and the page's names.
    await expect(button(page, 'Export scenario')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'TCP Congestion Lab', level: 1 })).toBeAttached();
    for (const hash of ['#v=lessons&l=bbr-alone', '#v=experiment']) {
      await page.goto(`./${hash}`);
      await expect(page.locator('.app-header .header-tools')).toBeVisible();
      expect(await rows(page, '.app-header')).toBe(1);
    }
  });
}
