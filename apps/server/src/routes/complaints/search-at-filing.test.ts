import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildStudent } from '../../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../../test/harness';
import { file } from './test-helpers';

/**
 * SQLite: FTS5 writes what it holds in memory to a new segment of the index at every savepoint and
 * release, so the search documents of filings that share a commit (decision 0011) are written once,
 * after the last filing's savepoint is released (services/complaints/file.ts). PostgreSQL writes each
 * one in its filing's own statement (search.test.ts finds them on both dialects).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The SQL of every statement SQLite runs while `work` runs, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, unknown>;
  probe.close();
  const seen: string[] = [];
  const originals = (['run', 'all', 'get'] as const).map((method) => {
    const original = proto[method] as (this: unknown, ...args: unknown[]) => unknown;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      seen.push(this.source);
      return original.apply(this, args);
    };
    return [method, original] as const;
  });
  try {
    await work();
  } finally {
    for (const [method, original] of originals) proto[method] = original;
  }
  return seen;
}

if (TEST_DIALECT === 'sqlite')
  describe('the search documents of filings that arrive together (sqlite)', () => {
    it('are written after the last savepoint of their commit, and each filing is found by its words', async () => {
      const students = await Promise.all(Array.from({ length: 5 }, () => buildStudent(t)));
      const words = ['quokka', 'narwhal', 'axolotl', 'pangolin', 'okapi'];
      const filed: { id: number }[] = [];
      const statements = await statementsOf(async () => {
        const all = students.map((s, i) =>
          file(t, s, { type: 'College', subType: 'Library', description: `A ${words[i]} in the stacks` }),
        );
        filed.push(...(await Promise.all(all)));
      });

      const writes = statements.flatMap((s, i) => (/complaint_search/.test(s) ? [i] : []));
      const commits = statements.filter((s) => s === 'commit').length;
      expect(writes.length).toBeGreaterThan(0);
      // at most one a commit, however many filings it holds
      expect(writes.length).toBeLessThanOrEqual(commits);
      for (const at of writes) {
        const untilCommit = statements.slice(at + 1, statements.indexOf('commit', at));
        expect(untilCommit.filter((s) => /savepoint|release/.test(s))).toEqual([]);
      }

      const admin = await buildAdmin(t);
      for (const [i, word] of words.entries()) {
        const res = await t.request({
          method: 'GET',
          url: `/api/complaints/admin/all?q=${word}`,
          token: admin.token,
        });
        expect(res.body.data.map((c: { id: number }) => c.id)).toEqual([filed[i]!.id]);
      }
    });
  });
