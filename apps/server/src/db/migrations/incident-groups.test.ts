/**
 * Migration 018 on a database ANALYZE has already measured: the grouping's new index gets its own
 * figures, so SQLite reads it rather than weighing an index without figures against measured ones
 * (at 1,000,000 complaints it took the open complaints' age index and sorted).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_DIALECT } from '../../../test/harness';
import type { Ctx } from '../../context';
import type { UserRow } from '../../services/accounts/users';
import { incidentGroups } from '../../services/incidents';
import { type Database, openDatabase } from '../database';
import { migrateToLatest } from '../migrate';
import { DEFAULT_MIGRATION_SETTINGS } from './008-due-dates-reports';
import { migrations } from './index';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-018-'));
let database: Database | undefined;
afterAll(async () => {
  await database?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// SQLite's planner only (PostgreSQL sizes a partial index from the table's statistics)
if (TEST_DIALECT === 'sqlite')
  describe('migration 018 over an analyzed database (sqlite)', () => {
    it("reads the authority's possible incidents from the new index once it is in place", async () => {
      const seen: { sql: string; parameters: readonly unknown[] }[] = [];
      database = openDatabase({
        dataDir,
        onQuery: (text, parameters) => seen.push({ sql: text, parameters }),
      });
      const db = database.db;
      const migrator = new Migrator({
        db,
        provider: { getMigrations: async () => migrations('sqlite', DEFAULT_MIGRATION_SETTINGS) },
      });
      expect((await migrator.migrateTo('017_incidents')).error).toBeUndefined();
      const now = Date.UTC(2026, 0, 10, 12);
      const { rows: users } = await sql<{ id: number }>`
      insert into users (role, name, email, password_hash, verified, approved, roll_no, created_at, updated_at)
      values ('student', 'Asha Rao', 'asha@bitmesra.ac.in', 'x', 1, 1, 'BTECH/5/23', ${now}, ${now}),
        ('authority', 'Hostel 5 Warden', 'warden5@bitmesra.ac.in', 'x', 1, 1, null, ${now}, ${now})
      returning id`.execute(db);
      const [student, warden] = users.map((u) => Number(u.id));
      await sql`update users set designation = 'Warden', hostel_no = 5 where id = ${warden}`.execute(db);
      // a year of closed complaints and, in the last hours, four open ones about one tap
      for (let i = 0; i < 60; i++) {
        const open = i >= 56;
        const at = open ? now - (60 - i) * 3_600_000 : now - (400 - i) * 86_400_000;
        await sql`insert into complaints (token, type, hostel_no, room_no, sub_type, is_network, description, status,
          student_id, student_name, student_roll, created_at, updated_at, due_at, filed_month, filed_day)
        values (${`CMP-M18-${i}`}, 'Hostel', 5, '101', ${open ? 'Plumbing' : 'Electrical'}, 0, 'Tap leaking',
          ${open ? 'Pending' : 'Resolved'}, ${student}, 'Asha Rao', 'BTECH/5/23', ${at}, ${at}, ${at}, 202601, 20260110)`.execute(
          db,
        );
      }
      await sql`analyze`.execute(db);

      expect(await migrateToLatest(db, 'sqlite')).toContain('018_incident_groups');
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', warden!)
        .executeTakeFirstOrThrow();
      const ctx = { database, clock: { now: () => now } } as unknown as Ctx;
      seen.length = 0;
      const groups = await incidentGroups(ctx, user as UserRow);
      expect(groups).toMatchObject([{ type: 'Hostel', hostelNo: 5, subType: 'Plumbing', count: 4 }]);
      const read = seen.find((q) => /from "complaints"/.test(q.sql));
      expect(read).toBeDefined();
      const conn = new SQLite(path.join(dataDir, 'complaints.db'), { readonly: true });
      const plan = conn
        .prepare(`explain query plan ${read!.sql}`)
        .all(...(read!.parameters as unknown[]))
        .map((row) => (row as { detail: string }).detail);
      conn.close();
      expect(plan).toEqual([
        'SEARCH complaints USING COVERING INDEX complaints_groupable_idx (created_at>?)',
      ]);
    });
  });
