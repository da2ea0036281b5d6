/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval'
 * (vite.config.ts). zod compiles fast parsers with `new Function` unless told
 * not to, and even its probe for whether it may is reported by a strict
 * policy as a violation. So outside Node (the page and its workers) zod is
 * told not to, here, by a module every schema module imports first: a
 * module's imports run before it however the page is split into chunks.
 * Node (the command-line runner, the tests) keeps the fast parsers. zod's
 * core holds the setting for both of its builds (zod and zod/mini).
 */
import { config } from 'zod/v4/core';

const node = (globalThis as { process?: { versions?: { node?: unknown } } }).process?.versions?.node;
if (typeof node !== 'string') config({ jitless: true });
