/**
 * What the page's main thread allocates in the first seconds after Play, on
 * the same page and run as bench:ui (frames.bench.ts): V8's sampling heap
 * profiler through the DevTools protocol, counting objects that garbage
 * collection has already taken (a load-independent figure, unlike frame
 * times). Prints the megabytes allocated, the garbage collections on the
 * main thread (from a Chromium trace of the same span) and its external
 * memory (array buffers) at each of them, the live heap
 * (usedJSHeapSize, which counts array buffers too) and the renderer's
 * resident memory before and after, and the functions that allocate most,
 * each with what V8 inlined into it.
 *
 * Run it through the bench:ui configuration with BENCH_ALLOC set (it is not
 * part of `npm run bench:ui`):
 *   BENCH_ALLOC=1 [BENCH_DIST=<dist>] PORT=<port> npx playwright test -c bench/ui/playwright.config.ts
 * An unminified build (`npx vite build --minify false --outDir <dist>`) gives
 * readable function names. BENCH_ALLOC_MS (default 3000) sets the span,
 * BENCH_ALLOC_TOP (25) the number of functions, BENCH_FLOWS the dumbbell's size;
 * BENCH_JSFLAGS passes flags to V8 (e.g. --no-maglev, to see what one tier
 * allocates; with DEBUG=pw:browser, --trace-deopt prints the deoptimizations).
 */
import { execSync } from 'node:child_process';
import { test } from '@playwright/test';
import { chromiumLaunch } from '../../e2e/chromium';
import { openDumbbell } from './open-dumbbell';
import { bytesByFunction, type ProfileNode } from '../heap-profile';
import type { TraceEvent } from './main-thread';

const SPAN_MS = Number(process.env.BENCH_ALLOC_MS) || 3000;
const TOP = Number(process.env.BENCH_ALLOC_TOP) || 25;
const FLOWS = Number(process.env.BENCH_FLOWS) || 100;
const GC_EVENTS = ['MinorGC', 'MajorGC'];

if (process.env.BENCH_JSFLAGS)
  test.use({
    launchOptions: chromiumLaunch(['--enable-precise-memory-info', `--js-flags=${process.env.BENCH_JSFLAGS}`]),
  });

/** The largest resident set of a Chromium renderer process, MB (the page's; Linux `ps`). */
function rendererRss(): number {
  const rows = execSync('ps -eo rss,args').toString().split('\n');
  const kb = rows.filter((r) => r.includes('--type=renderer')).map((r) => Number(r.trim().split(/\s+/)[0]));
  return Math.max(0, ...kb) / 1024;
}

test(`${FLOWS + Math.floor(FLOWS / 10)}-flow dumbbell: what the main thread allocates after Play`, async ({
  page,
  browser,
}) => {
  test.setTimeout(SPAN_MS + 60_000);
  await openDumbbell(page, FLOWS, true);

  const cdp = await page.context().newCDPSession(page);
  const liveHeap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const bytes = await page.evaluate(
      () => (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? NaN,
    );
    return bytes / 1048576;
  };
  await cdp.send('HeapProfiler.enable');
  const heapBefore = await liveHeap();
  const rssBefore = rendererRss();
  const play = await page.getByRole('button', { name: 'Play', exact: true }).elementHandle();
  if (!play) throw new Error('no Play button');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.gc'],
  });
  await page.waitForTimeout(300);
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 8192,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  await play.click();
  await page.waitForTimeout(SPAN_MS);
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents: TraceEvent[] };
  const simTime = await page.evaluate(() => document.querySelector('[data-testid="sim-time"]')?.textContent);
  const rssAfter = rendererRss();
  const heapAfter = await liveHeap();

  const { byFunction, total } = bytesByFunction(profile.head);

  // garbage collections on the page's main thread from the click on
  const events = trace.traceEvents;
  const main = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const onMain = (e: TraceEvent) => main !== undefined && e.pid === main.pid && e.tid === main.tid && e.ph === 'X';
  const onMainAny = (e: TraceEvent) => main !== undefined && e.pid === main.pid && e.tid === main.tid;
  const click = events.find((e) => onMain(e) && e.name === 'EventDispatch' && e.args?.data?.type === 'click');
  const gcs = GC_EVENTS.map((name) => {
    const mine = events.filter((e) => onMain(e) && e.name === name && click !== undefined && e.ts >= click.ts);
    return `${mine.length} ${name} (${(mine.reduce((s, e) => s + (e.dur ?? 0), 0) / 1000).toFixed(1)} ms)`;
  });

  // V8's heap statistics at each of the main thread's collections: its external
  // memory (array buffers: the batches' and the chart lines' storage), which the
  // sampled allocations above do not see but which counts towards a major collection
  const external = events
    .filter((e) => onMainAny(e) && e.name === 'V8.GC_Heap_Stats' && click !== undefined && e.ts >= click.ts)
    .map(
      (e) =>
        (JSON.parse((e.args as { stats?: string } | undefined)?.stats ?? '{}') as { external_memory?: number })
          .external_memory ?? NaN,
    )
    .filter(Number.isFinite)
    .map((b) => b / 1048576);

  const mb = (bytes: number) => (bytes / 1048576).toFixed(2).padStart(7);
  const lines = [
    `bench:ui alloc — the first ${SPAN_MS / 1000} s after Play, simulated t = ${simTime} s`,
    `allocated    ${mb(total).trim()} MB (sampled, collected objects included)`,
    `collections  ${gcs.join(', ')}`,
    `external     ${external.length ? `${Math.min(...external).toFixed(1)}–${Math.max(...external).toFixed(1)} MB at the main thread's ${external.length} collections (array buffers, not in the sampled figure)` : 'n/a'}`,
    `live heap    ${heapBefore.toFixed(1)} MB before Play, ${heapAfter.toFixed(1)} MB after (usedJSHeapSize, after a full collection)`,
    `renderer     ${rssBefore.toFixed(0)} MB resident before Play, ${rssAfter.toFixed(0)} MB after`,
    ...[...byFunction]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP)
      .map(([name, size]) => `${mb(size)} MB  ${name}`),
  ];
  console.log(lines.join('\n'));
});
