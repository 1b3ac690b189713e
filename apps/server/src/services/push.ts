import { MSG_PUSH, PUSH_SUBSCRIPTIONS_MAX, type TPushSubscriptionRequest } from '@bit/contract';
import webpush from 'web-push';
import type { Ctx } from '../context';
import { badRequest } from '../lib/errors';
import { checkPushEndpoint, EndpointRefused } from '../lib/push-endpoint';
import { serverKey } from './server-keys';
import type { UserRow } from './users';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/**
 * The VAPID key pair (RFC 8292) every instance signs pushes with: VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY when given, else made once and kept in the database (server_keys), as the device
 * cookie's key is. A browser's subscription is tied to the public key: changing it silences every
 * subscribed browser until it subscribes again.
 */
export async function vapidKeys(ctx: Ctx): Promise<VapidKeys> {
  if (ctx.config.vapidKeys) return ctx.config.vapidKeys;
  const stored = await serverKey(ctx, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(stored) as VapidKeys;
}

/** An endpoint the server may post to, or a 400 naming the field (CONTRACT 6.3). */
async function acceptedEndpoint(ctx: Ctx, endpoint: string) {
  try {
    return (await checkPushEndpoint(endpoint, ctx.config.pushAllowHosts)).endpoint;
  } catch (err) {
    if (err instanceof EndpointRefused) throw badRequest(MSG_PUSH.endpointRefused, 'endpoint');
    throw err;
  }
}

/**
 * Subscribes a browser for the signed-in user. An endpoint belongs to one browser: subscribed again
 * (by anyone signed in on it), it moves to that user as their newest. A user keeps at most
 * PUSH_SUBSCRIPTIONS_MAX; the oldest beyond them go, in the same transaction. On PostgreSQL the user's
 * row is locked first, so two subscriptions at once are counted one after the other; SQLite's
 * transactions take the write lock when they begin (decision 0010).
 */
export async function subscribePush(ctx: Ctx, user: UserRow, sub: TPushSubscriptionRequest) {
  const endpoint = await acceptedEndpoint(ctx, sub.endpoint);
  const userId = Number(user.id);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    if (ctx.database.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    await trx
      .insertInto('push_subscriptions')
      .values({ user_id: userId, endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth, created_at: now })
      .execute();
    const kept = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .limit(PUSH_SUBSCRIPTIONS_MAX);
    await trx
      .deleteFrom('push_subscriptions')
      .where('user_id', '=', userId)
      // PostgreSQL and SQLite both take a LIMIT in a subquery wrapped once more
      .where('id', 'not in', trx.selectFrom(kept.as('kept')).select('kept.id'))
      .execute();
  });
}

/** Forgets a browser of the signed-in user's (another user's endpoint is left alone). */
export async function unsubscribePush(ctx: Ctx, user: UserRow, endpoint: string) {
  const normalised = URL.canParse(endpoint) ? new URL(endpoint).href : endpoint;
  await ctx.database.db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', Number(user.id))
    .where('endpoint', 'in', [...new Set([endpoint, normalised])])
    .execute();
}
