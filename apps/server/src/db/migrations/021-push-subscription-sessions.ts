import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 6.7: a push subscription belongs to the session that made it (`session_id`), so ending a
 * session (logout, a password reset, an expiry) ends its pushes. The tables are made again, empty:
 * a subscription made before this has no session, and no session can be told for it (a browser that
 * was signed out since, the review's case, cannot be told from one still signed in), so it is
 * deleted with its queued pushes rather than kept pushing to a browser that may be signed out. Its
 * user turns notifications on again in the profile, on a signed-in browser. SQLite cannot add a NOT
 * NULL column that references another table to a table, so both dialects create it anew.
 */
export const pushSubscriptionSessions = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.dropTable('push_outbox').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await createTables(db, dialect, true);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('push_outbox').execute();
    await db.schema.dropTable('push_subscriptions').execute();
    await createTables(db, dialect, false);
  },
});

/** 016's tables, with `session_id` when `withSession`. */
async function createTables(db: Kysely<unknown>, dialect: Dialect, withSession: boolean) {
  let subscriptions = withId(db.schema.createTable('push_subscriptions'), dialect).addColumn(
    'user_id',
    'bigint',
    (c) => c.notNull().references('users.id').onDelete('cascade'),
  );
  if (withSession)
    subscriptions = subscriptions.addColumn('session_id', 'bigint', (c) =>
      c.notNull().references('sessions.id').onDelete('cascade'),
    );
  await subscriptions
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // a user's subscriptions, oldest first: the eleventh drops the first
  await db.schema
    .createIndex('push_subscriptions_user_idx')
    .on('push_subscriptions')
    .columns(['user_id', 'id'])
    .execute();
  // a session's subscriptions, deleted when it ends
  if (withSession)
    await db.schema
      .createIndex('push_subscriptions_session_idx')
      .on('push_subscriptions')
      .column('session_id')
      .execute();

  await withId(db.schema.createTable('push_outbox'), dialect)
    .addColumn('subscription_id', 'bigint', (c) =>
      c.notNull().references('push_subscriptions.id').onDelete('cascade'),
    )
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .execute();
  await db.schema.createIndex('push_outbox_due_idx').on('push_outbox').column('next_attempt_at').execute();
  await db.schema
    .createIndex('push_outbox_subscription_idx')
    .on('push_outbox')
    .column('subscription_id')
    .execute();
}
