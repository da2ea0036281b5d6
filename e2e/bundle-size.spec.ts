/**
 * What the page costs before the Lab is interactive, read from the build
 * (dist/, made by npm run test:e2e) by e2e/initial-load.ts: index.html, the
 * entry script and every chunk it imports or preloads, the stylesheets, and
 * the engine worker the Lab starts at once, gzipped. The Lessons and
 * Experiment views, the charts and the papers' tables are not among them
 * (they load when first shown), nor are the preset library and the examples
 * but the default one (store/library.ts), the editor's item panels
 * (editor/panels-on-demand.ts), the packets on the wire
 * (packets/packets-on-demand.ts), the ns-2 script writer, the scenario
 * loader with zod (ui/loader-on-demand.ts: the default example is checked at
 * build time), the share links and fflate (ui/share/on-demand.ts,
 * export/zip.ts), which the page fetches after its first paint or on demand;
 * the deployed folder holds no source maps.
 *
 * The budget is the size when it was last set (125.9 kB on 2026-11-26, from
 * 285 kB: Preact for react-dom, the library on demand, the loader's schema
 * in zod/mini, then the loader and fflate out of the first load; 122.5 kB
 * before the batch buffers' return and the event log's follow mode) with
 * 3 % of room, so that growth is noticed. The goal was 150 kB.
 */
import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describeLoad, initialLoad } from './initial-load';

const DIST = 'dist';
const INITIAL_BUDGET = 130_000;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

test('the Lab’s first load: no Lessons, Experiment or chart code, no source maps, gzip within budget', () => {
  const initial = initialLoad(DIST);
  const names = initial.map((f) => f.file);
  expect(names.some((f) => /^assets\/index-.*\.js$/.test(f))).toBe(true);
  // the engine worker is counted: the Lab cannot run without it
  expect(names.filter((f) => /^assets\/worker-.*\.js$/.test(f))).toHaveLength(1);
  expect(names.filter((f) => /LessonsView|ExperimentView|ChartsArea|lesson\.worker|sweep\.worker/.test(f))).toEqual([]);
  // … nor the preset library, the other examples, the editor's item panels, the packets, the ns-2 script writer
  expect(names.filter((f) => /\/(catalog|examples|item-panels|PacketLayer|tcl)-/.test(f))).toEqual([]);
  // … nor the scenario loader and zod, the share links, fflate (its deflate and zip), by name and by content
  expect(names.filter((f) => /\/(page-budget|scenario|on-demand|zip|browser)-/.test(f))).toEqual([]);
  const text = (f: string) => readFileSync(join(DIST, f), 'utf8');
  expect(names.filter((f) => f.endsWith('.js') && /__zod_globalConfig|\$ZodType/.test(text(f)))).toEqual([]);
  expect(names.filter((f) => f.endsWith('.js') && /unexpected EOF|invalid zip data/.test(text(f)))).toEqual([]);
  expect(files(DIST).filter((f) => f.endsWith('.map'))).toEqual([]);
  const total = initial.reduce((s, x) => s + x.gzip, 0);
  console.log(describeLoad(initial));
  expect(total).toBeLessThanOrEqual(INITIAL_BUDGET);
});

test('the Lessons view’s code is fetched only when the view is opened', async ({ page }) => {
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(r.url()));
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Lessons', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(fetched.filter((u) => /LessonsView|ExperimentView/.test(u))).toEqual([]);
  await page.getByRole('button', { name: 'Lessons', exact: true }).click();
  await expect.poll(() => fetched.some((u) => /LessonsView/.test(u))).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0);
});

test('what the page fetches to open the Lab is what the budget counts, and the charts follow', async ({ page }) => {
  const fetched = new Set<string>();
  page.on('request', (r) => fetched.add(new URL(r.url()).pathname.replace(/^\//, '')));
  await page.goto('./');
  await expect(page.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const counted = initialLoad(DIST).map((f) => f.file);
  const assets = [...fetched].filter((f) => f.startsWith('assets/'));
  const scripts = assets.filter((f) => f.endsWith('.js'));
  // every counted file is really fetched (the engine worker among them) …
  for (const f of counted.filter((c) => c.startsWith('assets/'))) expect(assets).toContain(f);
  // … and the charts' code, the preset library and the item panels arrive on their own, without the Lessons or Experiment views …
  expect(scripts.some((f) => /ChartsArea/.test(f))).toBe(true);
  expect(scripts.some((f) => /\/catalog-/.test(f))).toBe(true);
  expect(scripts.some((f) => /\/item-panels-/.test(f))).toBe(true);
  // … and so do the scenario loader and the share links (the address follows the page), but not the zip writer
  expect(scripts.some((f) => /\/page-budget-/.test(f))).toBe(true);
  expect(scripts.some((f) => /\/on-demand-/.test(f))).toBe(true);
  expect(scripts.filter((f) => /\/zip-/.test(f))).toEqual([]);
  expect(scripts.filter((f) => /LessonsView|ExperimentView/.test(f))).toEqual([]);
  await expect(page.locator('.charts-area')).toBeVisible();
});
