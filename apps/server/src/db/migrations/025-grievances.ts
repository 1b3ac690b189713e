import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 7.2: the grievances, their history and messages, and each year's last grievance number.
 *
 * `open_due_at` is the deadline a grievance is waiting on, null once it waits on nobody: its
 * committee's `due_at` while Submitted or Hearing scheduled, the Ombudsperson's `appeal_due_at` while
 * Appealed, null when Decided, Withdrawn or Appeal decided. The overdue filter and the 09:00
 * escalation read it alone, walking the (committee, open_due_at, id) index from the oldest deadline.
 * A committee's list walks (committee, id) newest first, with a status or a category (committee,
 * status | category, id); the Ombudsperson's, the appealed ones (appeal_at set) on their own
 * partial index; a student's (student_id, id), which also counts their submissions of the last day.
 * `complaint_id` is unique: one grievance a complaint, whatever two requests do at once.
 * `grievance_years` holds each year's last number: a submission takes the next by one upsert, which
 * on PostgreSQL locks the year's row until commit, so numbers follow the order of the commits with
 * no gap (a refused submission rolls its number back).
 */
export const grievances = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('grievance_years')
      .addColumn('year', 'integer', (c) => c.primaryKey())
      .addColumn('last', 'integer', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('grievances'), dialect)
      .addColumn('number', 'text', (c) => c.notNull().unique())
      .addColumn('category', 'text', (c) => c.notNull())
      .addColumn('committee', 'text', (c) => c.notNull().references('committees.committee'))
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('anonymous', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('student_name', 'text', (c) => c.notNull())
      .addColumn('student_roll', 'text')
      .addColumn('complaint_id', 'bigint', (c) => c.references('complaints.id').onDelete('set null'))
      .addColumn('due_at', 'bigint', (c) => c.notNull())
      .addColumn('open_due_at', 'bigint')
      .addColumn('hearing_at', 'bigint')
      .addColumn('hearing_place', 'text')
      .addColumn('representative', 'text')
      .addColumn('decision_outcome', 'text')
      .addColumn('decision_text', 'text')
      .addColumn('decision_at', 'bigint')
      .addColumn('decision_by_name', 'text')
      .addColumn('decision_by_designation', 'text')
      .addColumn('appeal_reason', 'text')
      .addColumn('appeal_at', 'bigint')
      .addColumn('appeal_due_at', 'bigint')
      .addColumn('appeal_outcome', 'text')
      .addColumn('appeal_text', 'text')
      .addColumn('appeal_decided_at', 'bigint')
      .addColumn('appeal_by_name', 'text')
      .addColumn('appeal_by_designation', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grievances_complaint_idx')
      .unique()
      .on('grievances')
      .column('complaint_id')
      .where(sql.ref('complaint_id'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('grievances_committee_idx')
      .on('grievances')
      .columns(['committee', 'id'])
      .execute();
    await db.schema
      .createIndex('grievances_committee_status_idx')
      .on('grievances')
      .columns(['committee', 'status', 'id'])
      .execute();
    await db.schema
      .createIndex('grievances_committee_category_idx')
      .on('grievances')
      .columns(['committee', 'category', 'id'])
      .execute();
    await db.schema
      .createIndex('grievances_committee_due_idx')
      .on('grievances')
      .columns(['committee', 'open_due_at', 'id'])
      .where(sql.ref('open_due_at'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('grievances_appealed_idx')
      .on('grievances')
      .columns(['id'])
      .where(sql.ref('appeal_at'), 'is not', null)
      .execute();
    await db.schema
      .createIndex('grievances_appealed_due_idx')
      .on('grievances')
      .columns(['open_due_at', 'id'])
      .where((eb) =>
        eb.and([eb(sql.ref('appeal_at'), 'is not', null), eb(sql.ref('open_due_at'), 'is not', null)]),
      )
      .execute();
    await db.schema
      .createIndex('grievances_student_idx')
      .on('grievances')
      .columns(['student_id', 'id'])
      .execute();
    // CONTRACT 7.4: the report reads the grievances submitted in a period as one range of this
    // index, and from it alone: what its counts and its median need is here, no row is read
    await db.schema
      .createIndex('grievances_report_idx')
      .on('grievances')
      .columns([
        'committee',
        'created_at',
        'decision_at',
        'due_at',
        'appeal_at',
        'appeal_decided_at',
        'appeal_due_at',
        'open_due_at',
      ])
      .execute();

    await withId(db.schema.createTable('grievance_history'), dialect)
      .addColumn('grievance_id', 'bigint', (c) => c.notNull().references('grievances.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('note', 'text')
      .addColumn('by_id', 'bigint')
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('by_role', 'text', (c) => c.notNull())
      .addColumn('by_designation', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grievance_history_idx')
      .on('grievance_history')
      .columns(['grievance_id', 'id'])
      .execute();

    await withId(db.schema.createTable('grievance_messages'), dialect)
      .addColumn('grievance_id', 'bigint', (c) => c.notNull().references('grievances.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('by_id', 'bigint', (c) => c.notNull())
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('by_role', 'text', (c) => c.notNull())
      .addColumn('by_designation', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('grievance_messages_idx')
      .on('grievance_messages')
      .columns(['grievance_id', 'id'])
      .execute();
    // a writer's messages of the last hour (the limit of 30 an hour, as on complaints)
    await db.schema
      .createIndex('grievance_messages_by_idx')
      .on('grievance_messages')
      .columns(['by_id', 'at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('grievance_messages').execute();
    await db.schema.dropTable('grievance_history').execute();
    await db.schema.dropTable('grievances').execute();
    await db.schema.dropTable('grievance_years').execute();
  },
});
