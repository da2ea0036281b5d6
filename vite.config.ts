import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { viteSingleFile } from 'vite-plugin-singlefile';

const WORKERS = fileURLToPath(new URL('./src/workers.ts', import.meta.url));

/**
 * The single-file build's worker starts: src/workers.inline.ts in place of
 * src/workers.ts, so that each worker's code travels inside the page.
 */
function inlineWorkers(): Plugin {
  return {
    name: 'tcp-lab-inline-workers',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (resolved?.id === WORKERS) return WORKERS.replace(/workers\.ts$/, 'workers.inline.ts');
      return null;
    },
  };
}

const RUN_TS = fileURLToPath(new URL('./scripts/run-ts.mjs', import.meta.url));
const CHECK_SCENARIO = fileURLToPath(new URL('./scripts/check-scenario.ts', import.meta.url));
const CHECKED = '?checked';

/**
 * `import checked from './x.json?checked'`: the scenario file and the page
 * loader's verdict on it, made while the page is built
 * (scripts/checked-scenario.ts), so that the Lab opens its default example
 * without the loader in its first load (src/ui/loader-on-demand.ts). The
 * verdict is made by a separate process (scripts/run-ts.mjs), which keeps the
 * engine's code out of this file's imports; a file the loader refuses stops
 * the build with its issues.
 */
function checkedScenarios(): Plugin {
  return {
    name: 'tcp-lab-checked-scenarios',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith(`.json${CHECKED}`)) return null;
      const resolved = await this.resolve(source.slice(0, -CHECKED.length), importer, { ...options, skipSelf: true });
      return resolved ? `${resolved.id}${CHECKED}` : null;
    },
    load(id) {
      if (!id.endsWith(`.json${CHECKED}`)) return null;
      const file = id.slice(0, -CHECKED.length);
      this.addWatchFile(file);
      try {
        return execFileSync(process.execPath, [RUN_TS, CHECK_SCENARIO, file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (err) {
        const stderr = (err as { stderr?: unknown }).stderr;
        this.error(typeof stderr === 'string' && stderr.trim() ? stderr.trim() : String(err));
      }
    },
  };
}

/**
 * The built page's Content-Security-Policy, as a <meta> tag placed first in
 * <head> (a meta policy applies only to what follows it). The page opens
 * share links and imported files from strangers, so what it may run is pinned
 * down: scripts, styles and workers only from the page itself, nothing from
 * anywhere else, no eval, no plugins, no <base> or form targets.
 *
 * The single-file build (for file://) carries its script and styles inline
 * and starts its workers from blobs: there, each inline <script> and <style>
 * is allowed by its SHA-256 hash (computed here, after the inlining), not by
 * 'unsafe-inline', and workers may come from blob: URLs.
 *
 * Added after every other plugin's output (generateBundle, last), so the
 * hashes are of the final text. The dev server is left alone: its client
 * injects inline scripts of its own.
 */
type CspMode = 'site' | 'file';

function cspPolicy(mode: CspMode, inline: { scripts: string[]; styles: string[] }): string {
  const hashes = (texts: string[]) => texts.map((t) => `'sha256-${createHash('sha256').update(t, 'utf8').digest('base64')}'`);
  const file = mode === 'file';
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...hashes(inline.scripts)]],
    ['style-src', ["'self'", ...hashes(inline.styles)]],
    ['worker-src', file ? ["'self'", 'blob:'] : ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

const INLINE = (tag: 'script' | 'style') => new RegExp(`<${tag}\\b(?![^>]*\\bsrc=)[^>]*>([\\s\\S]*?)</${tag}>`, 'g');

/** Put the policy into an HTML document: after <meta charset>, before everything else that loads. */
function withCsp(html: string, mode: CspMode): string {
  const scripts = [...html.matchAll(INLINE('script'))].map((m) => m[1]!).filter((t) => t.length > 0);
  const styles = [...html.matchAll(INLINE('style'))].map((m) => m[1]!).filter((t) => t.length > 0);
  if (mode === 'site' && (scripts.length > 0 || styles.length > 0)) {
    throw new Error('the site build has an inline script or style: load it from a file so the policy can stay without hashes');
  }
  const meta = `<meta http-equiv="Content-Security-Policy" content="${cspPolicy(mode, { scripts, styles })}" />`;
  const charset = /<meta charset="[^"]*"\s*\/?>/i.exec(html);
  if (!charset) throw new Error('index.html has no <meta charset>: the policy goes right after it');
  const at = charset.index + charset[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

function contentSecurityPolicy(mode: CspMode): Plugin {
  return {
    name: 'tcp-lab-csp',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const asset of Object.values(bundle)) {
          if (asset.type !== 'asset' || !asset.fileName.endsWith('.html')) continue;
          const html = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          asset.source = withCsp(html, mode);
        }
      },
    },
  };
}

// `base: './'` makes every URL in the built page relative, so dist/ works from
// any sub-path (a course website folder, a GitHub Pages project page) without
// rebuilding. The engine runs in a module worker ('es' format) because it
// shares ES modules with the page and the command-line runner.
//
// Offline after the first visit (the hosted page, in a classroom without
// network): a web app manifest and a service worker that precaches every file
// of the build — page, scripts, the engine's and the sweeps' workers, styles —
// made by Workbox through vite-plugin-pwa. The worker takes over at once and
// replaces an older one when a new build is deployed (autoUpdate). Not in the
// single-file build: a file:// page has no service worker, and needs none.
function offline(): Plugin[] {
  return VitePWA({
    registerType: 'autoUpdate',
    // A script file, not an inline one: the site's policy allows no inline script (contentSecurityPolicy).
    injectRegister: 'script',
    manifest: {
      name: 'TCP Congestion Lab',
      short_name: 'TCP Lab',
      description: 'A packet-level TCP congestion-control simulator for teaching.',
      lang: 'en',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: '#f3f5f8',
      theme_color: '#17212f',
      icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}'],
      // The page's main script carries the scenario library: above Workbox's 2 MB default.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: 'index.html',
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
    },
  });
}

/**
 * The page renders with Preact (preact/compat), not React: the code is written
 * against React's API and types, and these aliases hand every `react`,
 * `react-dom` and JSX-runtime import to Preact's compatibility layer. Why:
 * react-dom was 64 kB gzip of the page's first load (its budget is 150 kB,
 * e2e/bundle-size.spec.ts), Preact is about 5 kB, and the page uses nothing
 * preact/compat lacks (hooks incl. useId, useSyncExternalStore for zustand,
 * useEffectEvent, lazy/Suspense, class error boundaries, createRoot). One
 * difference is mended in src/shims/react.js (tabIndex on SVG). The unit
 * tests render with it too (vitest.config.ts), so they test what ships.
 */
export const PREACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: fileURLToPath(new URL('./src/shims/react.js', import.meta.url)) },
];

// `vite build --mode file` (npm run build:file) makes dist-file/index.html: the
// whole page in one file, scripts, styles and workers inside it, which a
// browser opens straight from the file system (file://), where it would refuse
// to load a page's separate script and worker files.
export default defineConfig(({ mode }) => ({
  base: './',
  // The Content-Security-Policy goes in last, over the final HTML (contentSecurityPolicy above).
  plugins:
    mode === 'file'
      ? [react(), checkedScenarios(), inlineWorkers(), viteSingleFile(), contentSecurityPolicy('file')]
      : [react(), checkedScenarios(), offline(), contentSecurityPolicy('site')],
  resolve: {
    alias: [
      // A library probe that would eval() under the page's Content-Security-Policy (src/shims/).
      {
        find: '@stdlib/assert-has-generator-support',
        replacement: fileURLToPath(new URL('./src/shims/has-generator-support.cjs', import.meta.url)),
      },
      ...PREACT,
    ],
  },
  // Module workers are the default; the single-file build starts its workers
  // from blobs, which Chromium runs from a file:// page only as classic scripts.
  worker: { format: mode === 'file' ? 'iife' : 'es' },
  // Let the dev server's dependency scan see the worker's imports too (the
  // CSV writer's d3-dsv), or it finds them only when the worker starts and
  // reloads the page mid-session.
  optimizeDeps: { entries: ['index.html', 'src/worker/worker.ts'] },
  build: {
    outDir: mode === 'file' ? 'dist-file' : 'dist',
    target: 'es2022',
    // No source maps in the deployed folder by default (they were 7 MB of it);
    // SOURCEMAP=1 npm run build makes them for debugging a build.
    sourcemap: mode !== 'file' && process.env.SOURCEMAP === '1',
  },
  // `open: false` here, not `--open false` on the command line: Vite's CLI reads
  // that as the path "false" and opens http://127.0.0.1:5173/false.
  server: { host: '127.0.0.1', open: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
