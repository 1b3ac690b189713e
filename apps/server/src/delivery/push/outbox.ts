import type { TPushPayload } from '@bit/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

/**
 * Queues a push to each of a user's subscribed browsers still signed in (the subscription's session
 * live, CONTRACT 6.7) inside the caller's transaction (CONTRACT 6.3), in one statement: like a mail, it exists exactly when the change that caused it committed.
 * The values are cast, so PostgreSQL knows their types in an INSERT … SELECT.
 */
export async function enqueuePush(
  db: Kysely<DB> | Transaction<DB>,
  userId: number,
  push: TPushPayload,
  now: number,
) {
  await db
    .insertInto('push_outbox')
    .columns(['subscription_id', 'title', 'body', 'url', 'created_at', 'attempts', 'next_attempt_at'])
    .expression(
      db
        .selectFrom('push_subscriptions')
        // CONTRACT 6.7: only a browser whose session is live; one signed out is told nothing
        .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
        .select([
          'push_subscriptions.id',
          sql<string>`cast(${push.title} as text)`.as('title'),
          sql<string>`cast(${push.body} as text)`.as('body'),
          sql<string>`cast(${push.url} as text)`.as('url'),
          sql<number>`cast(${now} as bigint)`.as('created_at'),
          sql<number>`0`.as('attempts'),
          sql<number>`cast(${now} as bigint)`.as('next_attempt_at'),
        ])
        .where('push_subscriptions.user_id', '=', userId)
        .where('sessions.revoked_at', 'is', null)
        .where('sessions.expires_at', '>', now),
    )
    .execute();
}
