import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { blobType, withId } from './helpers';

export const feedbackAndNotices = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('feedback'), dialect)
      .addColumn('complaint_id', 'bigint', (c) =>
        c.notNull().unique().references('complaints.id').onDelete('cascade'),
      )
      .addColumn('student_id', 'bigint', (c) => c.notNull())
      .addColumn('rating', 'integer', (c) => c.notNull())
      .addColumn('comments', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await withId(db.schema.createTable('notifications'), dialect)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('hostel', 'text', (c) => c.notNull())
      .addColumn('pdf_name', 'text')
      .addColumn('pdf_size', 'integer')
      .addColumn('posted_by_id', 'bigint', (c) => c.notNull())
      .addColumn('posted_by_name', 'text', (c) => c.notNull())
      .addColumn('posted_by_role', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('notifications_hostel_idx')
      .on('notifications')
      .columns(['hostel', 'id'])
      .execute();

    // PDFs live in the database so every app instance sharing it can serve them (see docs/decisions).
    await db.schema
      .createTable('notification_files')
      .addColumn('notification_id', 'bigint', (c) =>
        c.primaryKey().references('notifications.id').onDelete('cascade'),
      )
      .addColumn('data', blobType(dialect), (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['notification_files', 'notifications', 'feedback'])
      await db.schema.dropTable(t).execute();
  },
});
