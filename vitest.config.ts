import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Test files that replace a module or load modules anew (vi.mock, vi.doMock, vi.resetModules): they
 * need modules of their own, so they run in a project that keeps each file's modules apart (vitest's
 * default isolation). Found by reading the files, so a new one cannot be forgotten; relative to `root`.
 */
function ownModules(project: string, dirs: string[]): string[] {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), project);
  const uses = /\bvi\.(mock|doMock|resetModules)\(/;
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
      .filter((f) => uses.test(fs.readFileSync(path.join(root, f), 'utf8'))),
  );
}
const MOCKING = ownModules('apps/server', ['src', 'test']);

/**
 * The server's tests on one dialect. Every other file shares its worker's modules with the files
 * that ran there before it (isolate: false): each file imported the whole server anew, 446 s of the
 * SQLite suite's 1,135 s summed over the workers; the tests build their own app, database and clock,
 * so no state a file needs lives in a module.
 */
const serverProject = (dialect: 'sqlite' | 'postgres', mocking = false) => ({
  test: {
    name: mocking ? `server-${dialect}-mocking` : `server-${dialect}`,
    root: './apps/server',
    include: mocking ? MOCKING : ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: mocking ? [] : MOCKING,
    isolate: mocking,
    environment: 'node',
    env: { TEST_DIALECT: dialect },
    // dialect-only suites (PostgreSQL faults, SQLite query plans) define no test on the other dialect
    passWithNoTests: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // the server's test files mostly wait (on PostgreSQL, child processes, timers): on two cores four
    // workers overlap those waits, 328 → 199 s for the suite on both dialects (decision 22)
    maxWorkers: 4,
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      serverProject('sqlite'),
      serverProject('sqlite', true),
      ...(withPostgres ? [serverProject('postgres'), serverProject('postgres', true)] : []),
      // the web's files each get their own modules and jsdom window (isolate: true): sharing them took the
      // suite from 104.6 to 37.8 s but let a window's state pass between files (decision 0022)
      webProject({ name: 'web', isolate: true }),
    ],
  },
});
