/**
 * What the charts' canvas shows while many flows stream at full speed: every
 * flow's line in its own colour, from the start of the time window to its end
 * after a run streamed at full speed
 * (the dense lines are painted into a pixel buffer of the chart's own and put
 * onto the canvas as one image: src/ui/charts/span-raster.ts), at a device
 * pixel ratio of 1 and of 2.
 */
import { expect, test, type Page } from '@playwright/test';
import { dumbbell } from '../bench/scale/dumbbell';
import { SPEEDS } from '../src/ui/controls/speeds';

const FLOWS = 8;

/** The bench's dumbbell, each flow with its own access delay: different RTTs, so the cwnd lines part. */
function scenario(): Record<string, unknown> {
  const s = dumbbell(FLOWS, 15) as { links: { id: string; delay: string }[] };
  for (const l of s.links) {
    const i = /^a(\d+)$/.exec(l.id);
    if (i) l.delay = `${1 + 12 * Number(i[1])}ms`;
  }
  return s;
}

async function streamAndPause(page: Page): Promise<void> {
  await page.goto('./');
  await page.getByTestId('import-input').setInputFiles({
    name: 'dumbbell.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(scenario())),
  });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
  await page.getByTestId('cwnd-overlay-chart').scrollIntoViewIfNeeded();
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  // 15 s at 0.01 s per sample: more points than pixel columns, so the lines are dense
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  await page.waitForTimeout(300); // the last batch drawn
}

/** For each line colour of the cwnd overlay: how many device pixels have exactly it, and the share of the plot's columns they reach. */
async function linePixels(page: Page): Promise<{ colour: string; pixels: number; span: number }[]> {
  return page.getByTestId('cwnd-overlay-chart').locator('.chart-plot').evaluate((plot) => {
    const canvas = plot.querySelector('canvas')!;
    const ctx = canvas.getContext('2d')!;
    const { width, height } = canvas;
    const data = new Uint32Array(ctx.getImageData(0, 0, width, height).data.buffer);
    const colours = [...new Set((plot.getAttribute('data-line-colours') ?? '').split(' ').filter((e) => e.startsWith('cwnd-')).map((e) => e.split(':')[1]))];
    return colours.map((colour) => {
      const v = parseInt(colour.slice(1), 16);
      const word = ((255 << 24) | ((v & 255) << 16) | (((v >> 8) & 255) << 8) | ((v >> 16) & 255)) >>> 0;
      let pixels = 0;
      let first = width;
      let last = -1;
      for (let i = 0; i < data.length; i++) {
        if (data[i] !== word) continue;
        pixels++;
        const x = i % width;
        if (x < first) first = x;
        if (x > last) last = x;
      }
      return { colour, pixels, span: last >= first ? (last - first + 1) / width : 0 };
    });
  });
}

for (const scale of [1, 2]) {
  test.describe(`at a device pixel ratio of ${scale}`, () => {
    test.use({ deviceScaleFactor: scale, viewport: { width: 1366, height: 768 } });

    test('every flow’s cwnd line is on the canvas, in its colour, across the time window', async ({ page }) => {
      test.setTimeout(120_000);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await streamAndPause(page);
      const plot = page.getByTestId('cwnd-overlay-chart').locator('.chart-plot');
      expect(Number(await plot.getAttribute('data-lines'))).toBeGreaterThanOrEqual(FLOWS); // cwnd (and ssthresh) of each flow
      const lines = await linePixels(page);
      expect(lines.length).toBeGreaterThanOrEqual(4);
      for (const l of lines) {
        expect(l.pixels, l.colour).toBeGreaterThan(100 * scale);
        expect(l.span, l.colour).toBeGreaterThan(0.6);
      }
      expect(errors).toEqual([]);
    });
  });
}

test.describe('a chart of many lines while the time axis steps out', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  // 40 flows: the overlay holds more lines than split-redraw.ts SPLIT_MIN_LINES, so each full redraw is painted off screen over frames.
  test('shows a whole picture in every frame: never a blank or cleared canvas, and the new axes arrive with their lines', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto('./');
    await page.getByTestId('import-input').setInputFiles({
      name: 'dumbbell.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(dumbbell(40, 60))),
    });
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
    await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));
    await page.getByTestId('cwnd-overlay-chart').scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Play', exact: true }).click();
    const plot = page.getByTestId('cwnd-overlay-chart').locator('.chart-plot');
    // every animation frame for 2.5 s: how many pixels the canvas holds, and the time axis shown
    const frames = await plot.evaluate(
      (el) =>
        new Promise<{ inked: number; t1: string }[]>((resolve) => {
          const canvas = el.querySelector('canvas')!;
          const ctx = canvas.getContext('2d')!;
          const out: { inked: number; t1: string }[] = [];
          const start = performance.now();
          const frame = () => {
            const data = new Uint32Array(ctx.getImageData(0, 0, canvas.width, canvas.height).data.buffer);
            let inked = 0;
            for (let i = 0; i < data.length; i++) if (data[i] !== 0) inked++;
            out.push({ inked, t1: el.getAttribute('data-t1') ?? '' });
            if (performance.now() - start < 2500) requestAnimationFrame(frame);
            else resolve(out);
          };
          requestAnimationFrame(frame);
        }),
    );
    expect(Number(await plot.getAttribute('data-lines'))).toBeGreaterThanOrEqual(32);
    const firstInked = frames.findIndex((f) => f.inked > 0);
    expect(firstInked).toBeGreaterThanOrEqual(0);
    const after = frames.slice(firstInked);
    // A cleared canvas holds nothing, one painted line by line on screen little
    // more than its grid. A whole new picture may hold half as many pixels as
    // the one before (the time axis doubled: the lines take half the width),
    // not a fifth.
    const dips = after.filter((f, i) => i > 0 && f.inked < 0.2 * after[i - 1].inked);
    expect(dips, JSON.stringify(after.map((f) => f.inked))).toEqual([]);
    // the followed axis stepped out, and each new one arrived (with its picture)
    expect(new Set(after.map((f) => f.t1)).size).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
  });
});
