import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { routePreloads, stylesheetAfterShell } from './route-preloads';
import { screenChunkGroups } from './screen-chunks';
import { swPrecache } from './sw-precache';

export default defineConfig({
  plugins: [react(), tailwindcss(), routePreloads(), stylesheetAfterShell(), swPrecache()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // read by scripts/size-check.mjs to find the JavaScript the home page needs
    manifest: true,
    // No modulepreload polyfill: Chrome 66+, Firefox 115+ and Safari 17+ preload modules themselves; the
    // few the build's target also runs without it (Firefox 114, Safari 16.4) fetch each module when it is
    // imported, a moment later. The polyfill was 265 bytes of the home page's entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The shared contract is plain declarations: let unused schemas (and zod) drop out of the entry chunk.
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            {
              // React with its jsx-runtime, as before zod left the screens' chunks: split by who uses
              // what, the jsx-runtime became a chunk of its own, one more request before any screen draws.
              name: 'react',
              test: /[\\/]node_modules[\\/]react[\\/]/,
            },
            // the screens' shared code in a few files, not one per set of screens (issue 51 row 23)
            ...screenChunkGroups(),
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://127.0.0.1:3000',
        // The API refuses a state-changing request whose Origin is not its own (CONTRACT 5.9), and
        // in development the page comes from this server, not the API's. A request from this
        // server's own page is a same-origin one, so its Origin is dropped before it reaches the
        // API, which then judges it by Sec-Fetch-Site (same-origin); any other Origin is passed
        // on, to be refused.
        configure: (proxy) => {
          proxy.on('proxyReq', (proxyReq, req) => {
            const { origin, host } = req.headers;
            if (origin && host && origin.replace(/^https?:\/\//, '') === host)
              proxyReq.removeHeader('origin');
          });
        },
      },
    },
  },
});
