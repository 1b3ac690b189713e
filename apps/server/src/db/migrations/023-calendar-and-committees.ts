import { type Kysely, type Migration, sql } from 'kysely';

/** CONTRACT 7.2's committees, one row each: migrations never read the contract, so they are written here. */
const COMMITTEE_KEYS = ['sgrc', 'ombudsperson', 'anti-ragging', 'icc'];

/**
 * CONTRACT 7.1 and 7.2: each year's holidays, and the committees that hear grievances with their
 * members.
 *
 * `calendar_years` holds a row for each year whose holidays were ever set: replacing a year's
 * holidays first writes that row, which on PostgreSQL locks it until the replacement commits, so two
 * admins saving the same year at once take turns instead of one meeting the other's rows (SQLite's
 * BEGIN IMMEDIATE already makes them take turns). `committees` does the same for a committee's
 * members, and is what a grievance will name its committee by.
 */
export const calendarAndCommittees = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('calendar_years')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('holidays')
      // YYYY-MM-DD in TIME_ZONE: a day, not an instant, so that a change of TIME_ZONE moves no holiday
      .addColumn('date', 'text', (c) => c.primaryKey())
      .addColumn('year', 'integer', (c) => c.notNull().references('calendar_years.year').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('holidays_year_idx').on('holidays').columns(['year', 'date']).execute();

    await db.schema
      .createTable('committees')
      .addColumn('committee', 'text', (c) => c.primaryKey())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db
      .insertInto('committees' as never)
      .values(COMMITTEE_KEYS.map((committee) => ({ committee, updated_at: 0 })) as never)
      .execute();
    await db.schema
      .createTable('committee_members')
      .addColumn('committee', 'text', (c) => c.notNull().references('committees.committee'))
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('chair', 'integer', (c) => c.notNull().defaultTo(0))
      .addPrimaryKeyConstraint('committee_members_pk', ['committee', 'user_id'])
      .execute();
    // one chair a committee, whatever a request does
    await db.schema
      .createIndex('committee_members_chair_idx')
      .unique()
      .on('committee_members')
      .column('committee')
      .where(sql.ref('chair'), '=', 1)
      .execute();
    // a user's committees (the grievances' members-only lists will ask)
    await db.schema
      .createIndex('committee_members_user_idx')
      .on('committee_members')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('committee_members').execute();
    await db.schema.dropTable('committees').execute();
    await db.schema.dropTable('holidays').execute();
    await db.schema.dropTable('calendar_years').execute();
  },
});
