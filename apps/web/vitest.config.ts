import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The web's test project (the root vitest.config.ts runs it twice: the files that load modules anew
 * in a project that keeps each file's modules apart, every other file sharing its worker's modules
 * and jsdom window).
 */
export function webProject(test: { name: string; include?: string[]; exclude?: string[]; isolate: boolean }) {
  return defineProject({
    plugins: [react()],
    test: {
      root: path.dirname(fileURLToPath(import.meta.url)),
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      // each file in a VM context of its own inside a worker that stays: the file's own modules and
      // window, as isolation gives, without a new process and jsdom import per file (decision 0022:
      // the web suite alone 71 s → 34 s, and in shuffled orders)
      pool: 'vmThreads',
      // four test workers share two cores with the server's suites: a screen's test that takes 1 s alone
      // took over the default 5 s in a loaded run; a failing wait still fails at findBy's 3 s
      testTimeout: 15_000,
      ...test,
    },
  });
}

export default webProject({ name: 'web', isolate: true });
