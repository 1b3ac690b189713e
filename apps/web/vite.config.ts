import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // read by scripts/size-check.mjs to find the JavaScript the home page needs
    manifest: true,
    rolldownOptions: {
      // The shared contract is plain declarations: let unused schemas (and zod) drop out of the entry chunk.
      treeshake: {
        moduleSideEffects: (id: string) => (/[\\/]packages[\\/]contract[\\/]/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
});
