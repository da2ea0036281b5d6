import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT } from './vite.config';

// The components render with Preact, as in the built page (vite.config.ts):
// `react` is Preact's compatibility layer plus its test `act`.
const REACT_FOR_TESTS = fileURLToPath(new URL('./src/shims/react-for-tests.js', import.meta.url));

// Unit and integration tests only: Playwright specs live in e2e/ and are run by
// `playwright test`, never by Vitest.
export default defineConfig({
  resolve: {
    alias: [...PREACT.filter((a) => String(a.find) !== String(/^react$/)), { find: /^react$/, replacement: REACT_FOR_TESTS }],
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 60_000,
    // zustand's React binding imports `react`: bundle it through the aliases above, not from node_modules as is.
    server: { deps: { inline: [/zustand/] } },
  },
});
