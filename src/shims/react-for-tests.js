/**
 * `react` as the unit tests see it: what the page is built with
 * (./react.js: Preact's compatibility layer), plus `act` from Preact's test
 * utilities (React exports it from `react`; preact/compat does not).
 * Swapped in by vitest.config.ts.
 */
export * from './react.js';
export { default } from './react.js';
export { act } from 'preact/test-utils';
