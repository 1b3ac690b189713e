import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../test/harness';
import { migrateToLatest } from './migrate';
import { writeSearchDocs } from './search-index';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
});
afterAll(async () => t?.drop());

// SQLite: the documents need no complaint rows (an FTS5 table has no foreign key)
if (TEST_DIALECT === 'sqlite')
  describe('writing search documents (sqlite)', () => {
    it('writes more documents than one statement could bind (two arguments each, 32,766 at most)', async () => {
      const docs = Array.from({ length: 20_000 }, (_, i) => ({ id: i + 1, doc: `word${i % 7} shared` }));
      await writeSearchDocs(t.database.db, 'sqlite', docs);
      const { rows } = await sql<{ n: number }>`select count(*) as n from complaint_search`.execute(
        t.database.db,
      );
      expect(Number(rows[0]?.n)).toBe(20_000);
    });
  });
