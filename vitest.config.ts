import { defineConfig } from 'vitest/config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

const serverProject = (dialect: 'sqlite' | 'postgres') => ({
  test: {
    name: `server-${dialect}`,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
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
      ...(withPostgres ? [serverProject('postgres')] : []),
      './apps/web',
    ],
  },
});
