import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config';

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The test files under these folders of `project`, relative to its root, each with its text. */
function testFiles(project: string, dirs: string[]): { file: string; text: string }[] {
  const root = path.join(path.dirname(fileURLToPath(import.meta.url)), project);
  return dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.test\.tsx?$/.test(f))
      .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
      .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') })),
  );
}
const SERVER_TESTS = testFiles('apps/server', ['src', 'test']);

/**
 * Test files that replace a module or load modules anew (vi.mock, vi.doMock, vi.resetModules): they
 * need modules of their own, so they run in a project that keeps each file's modules apart (vitest's
 * default isolation). Found by reading the files, so a new one cannot be forgotten; relative to `root`.
 */
const MOCKING = SERVER_TESTS.filter(({ text }) => /\bvi\.(mock|doMock|resetModules)\(/.test(text)).map(
  (t) => t.file,
);

/**
 * Test files that never reach a database: no test app, factories or server process, no word of the
 * dialect (pure functions: dates, CSV, images, the serializer, the policy's rules). They run once, on
 * SQLite: on PostgreSQL they would run the same code again. Found by reading the files, as above.
 */
const DIALECT_FREE = SERVER_TESTS.filter(
  ({ text }) => !/harness|factories|test-helpers|faults\/process|database|dialect|DIALECT/.test(text),
).map((t) => t.file);

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
    exclude: [...(mocking ? [] : MOCKING), ...(dialect === 'postgres' ? DIALECT_FREE : [])],
    isolate: mocking,
    environment: 'node',
    env: { TEST_DIALECT: dialect },
    // one migrated empty database, copied by each test app (test/migrated-template.ts)
    globalSetup: ['./test/migrated-template.ts'],
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
      // the web's files each get their own modules and jsdom window (a VM context each, apps/web/vitest.config.ts):
      // sharing them let a window's state pass between files (decision 0022)
      webProject({ name: 'web', isolate: true }),
    ],
  },
});
