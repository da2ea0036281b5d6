import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// `base: './'` makes every URL in the built page relative, so dist/ works from
// any sub-path (a course website folder, a GitHub Pages project page) without
// rebuilding. The engine runs in a module worker ('es' format) because it
// shares ES modules with the page and the command-line runner.
export default defineConfig({
  base: './',
  plugins: [react()],
  worker: { format: 'es' },
  // Let the dev server's dependency scan see the worker's imports too (the
  // CSV writer's d3-dsv), or it finds them only when the worker starts and
  // reloads the page mid-session.
  optimizeDeps: { entries: ['index.html', 'src/worker/worker.ts'] },
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
  },
  // `open: false` here, not `--open false` on the command line: Vite's CLI reads
  // that as the path "false" and opens http://127.0.0.1:5173/false.
  server: { host: '127.0.0.1', open: false },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
});
