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
    injectRegister: 'inline',
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

// `vite build --mode file` (npm run build:file) makes dist-file/index.html: the
// whole page in one file, scripts, styles and workers inside it, which a
// browser opens straight from the file system (file://), where it would refuse
// to load a page's separate script and worker files.
export default defineConfig(({ mode }) => ({
  base: './',
  plugins: mode === 'file' ? [react(), inlineWorkers(), viteSingleFile()] : [react(), offline()],
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
    sourcemap: mode !== 'file',
  },
  // `open: false` here, not `--open false` on the command line: Vite's CLI reads
  // that as the path "false" and opens http://127.0.0.1:5173/false.
  server: { host: '127.0.0.1', open: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
}));
