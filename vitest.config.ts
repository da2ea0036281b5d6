import { defineConfig } from 'vitest/config';

// Unit and integration tests only: Playwright specs live in e2e/ and are run by
// `playwright test`, never by Vitest.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'tests/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**', 'dist/**'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
