/**
 * The page runs under a Content-Security-Policy without 'unsafe-eval'
 * (vite.config.ts). zod compiles fast parsers with `new Function` unless told
 * not to, and even its probe for whether it may is reported by a strict
 * policy as a violation. So the page and each of its workers import this
 * first, before any schema is made (zod reads the setting when a schema is
 * created). The command-line runner does not, and keeps the fast parsers.
 */
import { z } from 'zod';

z.config({ jitless: true });
