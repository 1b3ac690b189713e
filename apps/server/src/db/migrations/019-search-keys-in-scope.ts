import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';

/**
 * Issue 35 (CONTRACT 6.2, decision 0025 amended): a room number is looked up within the list's
 * scope, and a key's lookup never reads the table.
 * - The room index leads with the room and then the hostel, so a warden's or a clerk's room number
 *   (`lower(room_no) = ? and hostel_no = ?`, search.ts termIds) is one range of it, not every
 *   hostel's rooms of that number read and filtered (at 1,000,000 complaints a room number is
 *   some 2,800 complaints across the hostels, about 200 in one); the admin's (the room alone) is
 *   still its leading range.
 * - PostgreSQL also carries the column itself in both indexes (`include`): its planner answers
 *   `lower(x) = ?` from an index alone only when `x` is in it, so without it every match of a room
 *   or roll number was a heap fetch (a bitmap heap scan of 2,733 pages for one room number).
 *   SQLite reads an expression index's values as it is (a covering index).
 */
export const searchKeysInScope = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    const postgres = dialect === 'postgres';
    await sql`drop index complaints_room_lower_idx`.execute(db);
    await sql`create index complaints_room_lower_idx on complaints (lower(room_no), hostel_no, id)${
      postgres ? sql` include (room_no)` : sql``
    }`.execute(db);
    if (postgres) {
      await sql`drop index complaints_roll_lower_idx`.execute(db);
      await sql`create index complaints_roll_lower_idx on complaints (lower(student_roll), id) include (student_roll)`.execute(
        db,
      );
    }
    // the planners' figures for the new index (SQLite's sqlite_stat1, when ANALYZE has run)
    if (postgres) await sql`analyze complaints`.execute(db);
    else {
      const analyzed = await sql`select 1 from sqlite_schema where name = 'sqlite_stat1'`.execute(db);
      if (analyzed.rows.length > 0) await sql`analyze complaints_room_lower_idx`.execute(db);
    }
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index complaints_room_lower_idx`.execute(db);
    await sql`create index complaints_room_lower_idx on complaints (lower(room_no), id)`.execute(db);
    if (dialect === 'postgres') {
      await sql`drop index complaints_roll_lower_idx`.execute(db);
      await sql`create index complaints_roll_lower_idx on complaints (lower(student_roll), id)`.execute(db);
    }
  },
});
