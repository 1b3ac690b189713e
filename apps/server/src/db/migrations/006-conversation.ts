import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { blobType, withId } from './helpers';

/**
 * CONTRACT 5.1 to 5.4: authorities' mail preferences, messages and photos on a complaint, reopening,
 * and the runs of timed jobs (digests, escalations), one row per job and day so that several
 * instances run each once (decision 0014).
 */
export const conversation = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    // null: the designation's default (each for Hostel Clerk, Warden, Network Department; digest for Other)
    await db.schema.alterTable('users').addColumn('new_complaints_pref', 'text').execute();

    await db.schema
      .alterTable('complaints')
      .addColumn('reopen_count', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    // the last change to Resolved or Rejected: messages, photos and reopening stay open 14 days after it
    await db.schema.alterTable('complaints').addColumn('closed_at', 'bigint').execute();

    await withId(db.schema.createTable('complaint_messages'), dialect)
      .addColumn('complaint_id', 'bigint', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('by_id', 'bigint', (c) => c.notNull())
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('by_role', 'text', (c) => c.notNull())
      .addColumn('by_designation', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('complaint_messages_complaint_idx')
      .on('complaint_messages')
      .columns(['complaint_id', 'id'])
      .execute();
    // the hourly limit reads a writer's newest messages
    await db.schema
      .createIndex('complaint_messages_writer_idx')
      .on('complaint_messages')
      .columns(['by_id', 'at'])
      .execute();

    await withId(db.schema.createTable('complaint_attachments'), dialect)
      .addColumn('complaint_id', 'bigint', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('content_type', 'text', (c) => c.notNull())
      .addColumn('width', 'integer', (c) => c.notNull())
      .addColumn('height', 'integer', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      .addColumn('by_id', 'bigint', (c) => c.notNull())
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('by_role', 'text', (c) => c.notNull())
      .addColumn('by_designation', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('complaint_attachments_complaint_idx')
      .on('complaint_attachments')
      .columns(['complaint_id', 'id'])
      .execute();
    await db.schema
      .createTable('attachment_files')
      .addColumn('attachment_id', 'bigint', (c) =>
        c.primaryKey().references('complaint_attachments.id').onDelete('cascade'),
      )
      .addColumn('data', blobType(dialect), (c) => c.notNull())
      .addColumn('thumb', blobType(dialect), (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('job_runs')
      .addColumn('job', 'text', (c) => c.notNull())
      // the calendar day in TIME_ZONE, YYYY-MM-DD
      .addColumn('day', 'text', (c) => c.notNull())
      .addColumn('ran_at', 'bigint', (c) => c.notNull())
      .addColumn('detail', 'text')
      .addPrimaryKeyConstraint('job_runs_pk', ['job', 'day'])
      .execute();
  },
});
