import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 6.3: which channels carry a user's events (email and push, on unless turned off), the
 * browsers' push subscriptions (an endpoint belongs to one browser, so to one user: the last to
 * subscribe with it), and the push queue, one row per subscription, written in the event's own
 * transaction like the mail outbox. A subscription's queued pushes go with it.
 */
export const webPush = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('users')
      .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    await db.schema
      .alterTable('users')
      .addColumn('notify_push', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();

    await withId(db.schema.createTable('push_subscriptions'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
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
    // a delivered push is deleted, so every row is waiting: the sender reads them by due time
    await db.schema.createIndex('push_outbox_due_idx').on('push_outbox').column('next_attempt_at').execute();
    await db.schema
      .createIndex('push_outbox_subscription_idx')
      .on('push_outbox')
      .column('subscription_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['push_outbox', 'push_subscriptions']) await db.schema.dropTable(t).execute();
    await db.schema.alterTable('users').dropColumn('notify_push').execute();
    await db.schema.alterTable('users').dropColumn('notify_email').execute();
  },
});
