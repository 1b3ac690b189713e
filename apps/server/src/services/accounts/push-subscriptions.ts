import crypto from 'node:crypto';
import { MSG, MSG_PUSH, PUSH_SUBSCRIPTIONS_MAX, type TPushSubscriptionRequest } from '@bit/contract';
import { sql } from 'kysely';
import webpush from 'web-push';
import type { Ctx } from '../../context';
import type { VapidKeys } from '../../delivery/push/sender';
import { badRequest, unauthorized } from '../../lib/errors';
import { checkPushEndpoint, EndpointRefused, EndpointWrongPort } from '../../lib/push-endpoint';
import type { DailyJob } from '../oversight/scheduler';
import { serverKey } from './server-keys';
import type { SessionInfo } from './sessions';

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
    if (err instanceof EndpointWrongPort) throw badRequest(MSG_PUSH.endpointPort, 'endpoint');
    if (err instanceof EndpointRefused) throw badRequest(MSG_PUSH.endpointRefused, 'endpoint');
    throw err;
  }
}

/**
 * CONTRACT 6.7: p256dh is a point of P-256, uncompressed (65 bytes, 0x04 first), that is on the
 * curve: one that is not could never be encrypted to, and its pushes were retried for a day. The
 * contract's schema has checked the sizes; node's crypto decodes the point, which fails off the curve.
 */
function assertBrowserKey(p256dh: string) {
  const point = Buffer.from(p256dh, 'base64url');
  let onCurve = point.length === 65 && point[0] === 4;
  if (onCurve) {
    try {
      crypto.ECDH.convertKey(point, 'prime256v1');
    } catch {
      onCurve = false;
    }
  }
  if (!onCurve) throw badRequest(MSG_PUSH.p256dhInvalid, 'keys.p256dh');
}

/**
 * Subscribes a browser for the signed-in session. An endpoint belongs to one browser: subscribed
 * again (by anyone signed in on it), it moves to that session as its user's newest. It belongs to
 * the session (CONTRACT 6.7): the session's end deletes it (sessions.ts), and the insert takes the
 * session only while it is live, so a logout that commits first leaves nothing behind (401). A user
 * keeps at most PUSH_SUBSCRIPTIONS_MAX; the oldest beyond them go, in the same transaction. On
 * PostgreSQL the user's row is locked first, so two subscriptions at once are counted one after the
 * other; SQLite's transactions take the write lock when they begin (decision 0010).
 */
export async function subscribePush(ctx: Ctx, session: SessionInfo, sub: TPushSubscriptionRequest) {
  assertBrowserKey(sub.keys.p256dh);
  const endpoint = await acceptedEndpoint(ctx, sub.endpoint);
  const userId = Number(session.user.id);
  const now = ctx.clock.now();
  await ctx.database.db.transaction().execute(async (trx) => {
    if (ctx.database.dialect === 'postgres')
      await trx.selectFrom('users').select('id').where('id', '=', userId).forNoKeyUpdate().execute();
    await trx.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
    const inserted = await trx
      .insertInto('push_subscriptions')
      .columns(['user_id', 'session_id', 'endpoint', 'p256dh', 'auth', 'created_at'])
      .expression(
        trx
          .selectFrom('sessions')
          .select([
            'user_id',
            'id',
            sql<string>`cast(${endpoint} as text)`.as('endpoint'),
            sql<string>`cast(${sub.keys.p256dh} as text)`.as('p256dh'),
            sql<string>`cast(${sub.keys.auth} as text)`.as('auth'),
            sql<number>`cast(${now} as bigint)`.as('created_at'),
          ])
          .where('id', '=', session.sessionId)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null)
          .where('expires_at', '>', now),
      )
      .returning('id')
      .executeTakeFirst();
    if (!inserted) throw unauthorized(MSG.notSignedIn);
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
export async function unsubscribePush(ctx: Ctx, user: SessionInfo['user'], endpoint: string) {
  const normalised = URL.canParse(endpoint) ? new URL(endpoint).href : endpoint;
  await ctx.database.db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', Number(user.id))
    .where('endpoint', 'in', [...new Set([endpoint, normalised])])
    .execute();
}

/**
 * CONTRACT 6.7: once a day, the subscriptions of sessions that ended without a logout (expired) are
 * deleted. Nothing was pushed to them meanwhile: enqueuePush takes only subscriptions of live
 * sessions, and the sender drops a queued push whose session ended (delivery/push/sender.ts).
 */
export const pushSubscriptionCleanup: DailyJob = {
  name: 'push-subscription-cleanup',
  atMinute: 9 * 60 + 40,
  async run(ctx, trx) {
    const now = ctx.clock.now();
    const result = await trx
      .deleteFrom('push_subscriptions')
      // each subscription's session read by its key: the subscriptions are few, the sessions many
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sessions')
              .select('sessions.id')
              .whereRef('sessions.id', '=', 'push_subscriptions.session_id')
              .where('sessions.revoked_at', 'is', null)
              .where('sessions.expires_at', '>', now),
          ),
        ),
      )
      .executeTakeFirst();
    const n = Number(result.numDeletedRows);
    return {
      detail: `${n} push ${n === 1 ? 'subscription' : 'subscriptions'} of ended sessions deleted`,
      mails: 0,
    };
  },
};
