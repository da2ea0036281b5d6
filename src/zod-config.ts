/**
 * zod without compiled parsers in the page and its workers (the policy
 * forbids eval): engine/scenario/zod-jitless.ts, which every schema module
 * imports too. Kept as the first import of each worker entry that makes
 * schemas (lessons, sweeps, paper runs); the page and the engine worker make
 * none before the loader is fetched (src/ui/loader-on-demand.ts), whose
 * schema modules import zod-jitless first themselves.
 */
import './engine/scenario/zod-jitless';
