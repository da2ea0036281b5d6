/// <reference types="vite/client" />

/** A scenario file checked at build time (scripts/checked-scenario.ts): the file and the page loader's verdict. */
declare module '*.json?checked' {
  const checked: { input: unknown; verdict: import('../engine/scenario/types').ParseResult };
  export default checked;
}
