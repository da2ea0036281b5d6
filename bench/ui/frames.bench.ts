/**
 * Frame times of the Lab view while the 22-flow dumbbell plays at max speed
 * for 20 s of wall time: p50/p95/p99 of requestAnimationFrame deltas, and the
 * main thread's long tasks (> 50 ms, PerformanceObserver 'longtask').
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { SPEEDS } from '../../src/ui/controls/speeds';

const PLAY_MS = 20_000;

function quantile(sorted: number[], q: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

test('22-flow dumbbell at max speed: frame times and long tasks', async ({ page }) => {
  await page.goto('./');
  await page.getByTestId('import-input').setInputFiles({
    name: 'dumbbell-22.json',
    mimeType: 'application/json',
    // 5000 s simulated: at full speed the worker is still streaming when the 20 s of measurement end.
    buffer: Buffer.from(JSON.stringify({ ...JSON.parse(readFileSync('bench/dumbbell-22.json', 'utf8')), duration: 5000 })),
  });
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'ready');
  await page.getByLabel('Speed').fill(String(SPEEDS.indexOf('max')));

  await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __long: number[]; __stop: boolean };
    w.__frames = [];
    w.__long = [];
    w.__stop = false;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__long.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    let last = performance.now();
    const frame = (t: number) => {
      w.__frames.push(t - last);
      last = t;
      if (!w.__stop) requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
  await page.getByRole('button', { name: 'Play', exact: true }).click();
  await page.waitForTimeout(PLAY_MS);
  const result = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __long: number[]; __stop: boolean };
    w.__stop = true;
    return { frames: w.__frames.slice(1), long: w.__long, simTime: document.querySelector('[data-testid="sim-time"]')?.textContent };
  });
  const sorted = [...result.frames].sort((a, b) => a - b);
  const longTotal = result.long.reduce((a, b) => a + b, 0);
  const lines = [
    `bench:ui — 22-flow dumbbell, max speed, ${PLAY_MS / 1000} s wall, simulated to t = ${result.simTime} s`,
    `frames: ${sorted.length}  p50 ${quantile(sorted, 0.5).toFixed(1)} ms  p95 ${quantile(sorted, 0.95).toFixed(1)} ms  p99 ${quantile(sorted, 0.99).toFixed(1)} ms  max ${(sorted.at(-1) ?? NaN).toFixed(1)} ms`,
    `long tasks: ${result.long.length}  total ${longTotal.toFixed(0)} ms  longest ${Math.max(0, ...result.long).toFixed(0)} ms`,
  ];
  console.log(lines.join('\n'));
  expect(sorted.length).toBeGreaterThan(0);
});
