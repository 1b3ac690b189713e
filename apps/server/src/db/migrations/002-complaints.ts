import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

export const complaints = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('complaints'), dialect)
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('hostel_no', 'integer')
      .addColumn('room_no', 'text')
      .addColumn('sub_type', 'text', (c) => c.notNull())
      .addColumn('is_network', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('remarks', 'text')
      .addColumn('assigned_to_id', 'bigint')
      .addColumn('assigned_name', 'text')
      .addColumn('assigned_designation', 'text')
      .addColumn('student_id', 'bigint', (c) => c.notNull().references('users.id'))
      .addColumn('student_name', 'text', (c) => c.notNull())
      .addColumn('student_roll', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // Every list is "newest first" = id descending, so each index ends in id: a filtered page is
    // a short index range walk, never a sort or a table scan.
    const indexes: [string, string[]][] = [
      ['complaints_student_idx', ['student_id', 'id']],
      ['complaints_hostel_idx', ['hostel_no', 'id']],
      ['complaints_hostel_status_idx', ['hostel_no', 'status', 'id']],
      ['complaints_network_idx', ['is_network', 'id']],
      ['complaints_network_status_idx', ['is_network', 'status', 'id']],
      ['complaints_status_idx', ['status', 'id']],
      ['complaints_type_idx', ['type', 'id']],
      ['complaints_type_status_idx', ['type', 'status', 'id']],
    ];
    for (const [name, cols] of indexes)
      await db.schema.createIndex(name).on('complaints').columns(cols).execute();

    await withId(db.schema.createTable('complaint_history'), dialect)
      .addColumn('complaint_id', 'bigint', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('remarks', 'text')
      .addColumn('by_id', 'bigint')
      .addColumn('by_name', 'text', (c) => c.notNull())
      .addColumn('by_designation', 'text')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('complaint_history_complaint_idx')
      .on('complaint_history')
      .columns(['complaint_id', 'id'])
      .execute();

    // Maintained in the same transaction as every change, so counts never scan complaints.
    await db.schema
      .createTable('counters')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['counters', 'complaint_history', 'complaints']) await db.schema.dropTable(t).execute();
  },
});
