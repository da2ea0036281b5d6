import { defineConfig } from '@playwright/test';

/**
 * `npm run bench:ui`: frame-time benchmark of the Lab view against a fresh
 * production build (not part of `npm test`). Same system Chromium as e2e/,
 * on its own port so it never reuses another preview server.
 */
const PORT = 4179;
const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export default defineConfig({
  testDir: '.',
  testMatch: '*.bench.ts',
  outputDir: '../../test-results/bench-ui',
  workers: 1,
  timeout: 90_000,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        // exact performance.memory figures (otherwise rounded to buckets)
        '--enable-precise-memory-info',
      ],
    },
  },
  webServer: {
    command: `npx vite preview --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/`,
    cwd: '../..',
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
