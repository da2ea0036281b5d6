import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from '../../e2e/chromium';
import { previewPort } from '../../e2e/port';

/**
 * `npm run bench:ui`: frame-time benchmark of the Lab view against a fresh
 * production build (not part of `npm test`). Same system Chromium as e2e/,
 * on its own port so it never reuses another preview server.
 */
const PORT = previewPort(4179);
/** BENCH_DIST serves another build (e.g. the one before a change, for paired runs); default dist/. */
const DIST = process.env.BENCH_DIST ?? 'dist';

export default defineConfig({
  testDir: '.',
  // BENCH_ALLOC=1 runs the allocation profile (alloc.profile.ts) instead of the frame benchmark
  testMatch: process.env.BENCH_ALLOC ? 'alloc.profile.ts' : '*.bench.ts',
  outputDir: '../../test-results/bench-ui',
  workers: 1,
  timeout: 90_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1440, height: 900 },
    // exact performance.memory figures (otherwise rounded to buckets)
    launchOptions: chromiumLaunch(['--enable-precise-memory-info']),
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort --outDir ${JSON.stringify(DIST)}`,
    url: `http://127.0.0.1:${PORT}/`,
    cwd: '../..',
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
