import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 7.5: saved replies, an authority's own (`owner_id` the authority) and the admins' shared
 * ones (`owner_id` null). `reply_lists` counts each list's replies (key: the owner's id, 0 for the
 * shared list), so that the limit of 50 is decided by one conditional write, an upsert that adds one
 * only while the count is below 50 (decision 0031): PostgreSQL locks the list's row and judges its
 * newest count, so replies sent at once never pass the limit together. It has no foreign key, as 0
 * names no user; the owner's replies go with their account (cascade) and a stale count with them
 * would only matter to an account that no longer exists.
 */
export const savedReplies = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('saved_replies'), dialect)
      .addColumn('owner_id', 'bigint', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('title', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    // an owner's list, and the shared list (owner_id null: both dialects keep nulls in a b-tree)
    await db.schema.createIndex('saved_replies_owner_idx').on('saved_replies').column('owner_id').execute();
    await db.schema
      .createTable('reply_lists')
      .addColumn('owner_id', 'bigint', (c) => c.primaryKey())
      .addColumn('replies', 'integer', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('reply_lists').execute();
    await db.schema.dropTable('saved_replies').execute();
  },
});
