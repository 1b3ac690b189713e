import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    // four test workers share two cores with the server's suites: a screen's test that takes 1 s alone
    // took over the default 5 s in a loaded run; a failing wait still fails at findBy's 3 s
    testTimeout: 15_000,
  },
});
