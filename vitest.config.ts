import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Test files that replace a module (vi.mock): they need modules of their own, so they run in a
 * project that keeps each file's modules apart (vitest's default isolation).
 */
const MOCKING = ['src/routes/complaints/token-retry.test.ts', 'src/routes/complaints/group-commit.test.ts'];

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
      './apps/web',
    ],
  },
});
