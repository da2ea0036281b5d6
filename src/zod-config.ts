/**
 * zod without compiled parsers in the page and its workers (the policy
 * forbids eval): engine/scenario/zod-jitless.ts, which every schema module
 * imports too. Kept as the first import of each entry point.
 */
import './engine/scenario/zod-jitless';
