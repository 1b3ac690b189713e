import type { Kysely, Migration } from 'kysely';

/**
 * CONTRACT 7.5: a complaint's assignee, the approved authority it was handed to (beside SPEC's
 * `assigned_*`, the last authority that updated it). Its name and designation are kept with it, as
 * `assigned_*` are, so that a page reads them from the complaint's row alone (rows.ts, SHOWN).
 * complaints_assignee_idx (assignee_id, id) is the walk of `assignee=me`, newest first, and the
 * assignee's count of "Assigned to me" (an index-only count of one range).
 */
export const assignee = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('complaints')
      .addColumn('assignee_id', 'bigint', (c) => c.references('users.id').onDelete('set null'))
      .execute();
    await db.schema.alterTable('complaints').addColumn('assignee_name', 'text').execute();
    await db.schema.alterTable('complaints').addColumn('assignee_designation', 'text').execute();
    await db.schema
      .createIndex('complaints_assignee_idx')
      .on('complaints')
      .columns(['assignee_id', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('complaints_assignee_idx').execute();
    await db.schema.alterTable('complaints').dropColumn('assignee_designation').execute();
    await db.schema.alterTable('complaints').dropColumn('assignee_name').execute();
    await db.schema.alterTable('complaints').dropColumn('assignee_id').execute();
  },
});
