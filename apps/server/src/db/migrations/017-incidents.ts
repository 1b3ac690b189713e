import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * Issue 34 (CONTRACT 6.1): incidents, one problem of many complaints.
 *
 * - `incidents` carries the scope columns a complaint does (type, hostel_no, is_network), so the
 *   policy's scope rules apply to it unchanged; `affected` counts its linked complaints, moved in the
 *   same statement set as each link or unlink.
 * - A complaint's link is a column of its own row (`incident_id`), so "in at most one incident" is the
 *   schema's, and linking is one conditional update (`where incident_id is null`). The title is copied
 *   beside it (an incident's title never changes), so every list's rows carry `incident: { id, title }`
 *   without a join. The partial index serves the incident's complaints and `incident=<id>` lists.
 * - `incident_joins`: one row per student and incident joined, its primary key the one write that
 *   decides "You have already reported this problem" however many requests race.
 */
export const incidents = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('incidents'), dialect)
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('type', 'text', (c) => c.notNull())
      .addColumn('hostel_no', 'integer')
      .addColumn('sub_type', 'text', (c) => c.notNull())
      .addColumn('is_network', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('remarks', 'text')
      .addColumn('affected', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_by_id', 'bigint', (c) => c.notNull())
      .addColumn('created_by_name', 'text', (c) => c.notNull())
      .addColumn('created_by_designation', 'text')
      .addColumn('updated_by_id', 'bigint')
      .addColumn('updated_by_name', 'text')
      .addColumn('updated_by_designation', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // the filing form's open incidents of one category (few rows: read whole, most affected first)
    await db.schema
      .createIndex('incidents_match_idx')
      .on('incidents')
      .columns(['type', 'sub_type', 'hostel_no', 'status'])
      .execute();
    await db.schema
      .createIndex('incidents_hostel_idx')
      .on('incidents')
      .columns(['hostel_no', 'id'])
      .execute();
    await db.schema
      .createIndex('incidents_network_idx')
      .on('incidents')
      .columns(['is_network', 'id'])
      .execute();

    await db.schema.alterTable('complaints').addColumn('incident_id', 'bigint').execute();
    await db.schema.alterTable('complaints').addColumn('incident_title', 'text').execute();
    await db.schema
      .createIndex('complaints_incident_idx')
      .on('complaints')
      .columns(['incident_id', 'id'])
      .where(sql.ref('incident_id'), 'is not', null)
      .execute();

    await db.schema
      .createTable('incident_joins')
      .addColumn('incident_id', 'bigint', (c) => c.notNull().references('incidents.id').onDelete('cascade'))
      .addColumn('student_id', 'bigint', (c) => c.notNull())
      .addColumn('complaint_id', 'bigint')
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('incident_joins_pk', ['incident_id', 'student_id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('incident_joins').execute();
    await db.schema.dropIndex('complaints_incident_idx').execute();
    await db.schema.alterTable('complaints').dropColumn('incident_title').execute();
    await db.schema.alterTable('complaints').dropColumn('incident_id').execute();
    await db.schema.dropTable('incidents').execute();
  },
});
