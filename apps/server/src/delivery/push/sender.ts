import fs from 'node:fs/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import type { Selectable } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import type { Ctx } from '../../context';
import type { PushOutboxTable } from '../../db/schema';
import { type CheckedEndpoint, checkPushEndpoint, EndpointRefused } from '../../lib/push-endpoint';
import { type OutboxWorker, startOutboxWorker } from '../outbox-worker';

const BATCH = 50;
/** CONTRACT 6.3: a push service keeps a push a day at most; the queue gives up on it after as long. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;
/** A push service's answers that no retry could change (CONTRACT 6.7): the subscription is deleted. */
const GONE_FOR_GOOD = new Set([400, 403, 404, 410, 413]);

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export interface PushSenderOptions {
  /** The VAPID pair pushes are signed with, as the app keeps it (services/push.ts: vapidKeys). */
  vapidKeys: () => Promise<VapidKeys>;
  /** Certificates to trust instead of the system's (tests: the test push service's own). */
  ca?: string;
}

export type PushSender = OutboxWorker;

type PushRow = Selectable<PushOutboxTable>;

/**
 * An agent that connects to the address the endpoint's check resolved, whatever the name answers
 * now: a name that changed its answer since (DNS rebinding) cannot point the sender inward. The TLS
 * certificate is still checked against the name.
 */
function pinnedAgent(checked: CheckedEndpoint, ca: string | undefined) {
  const lookup = ((_host, options, callback) => {
    if (options.all) callback(null, [{ address: checked.address, family: checked.family }]);
    else callback(null, checked.address, checked.family);
  }) as LookupFunction;
  return new https.Agent({ lookup, keepAlive: true, maxSockets: 8, ...(ca ? { ca } : {}) });
}

/**
 * Delivers queued pushes (CONTRACT 6.3) through the outbox worker, as mail is delivered
 * (delivery/outbox-worker.ts: claim, backoff); a delivered row is deleted. An answer that can never
 * succeed (400, 403, 404, 410, 413) deletes the subscription (and its queued pushes); another
 * failure is tried again with the worker's backoff until the push's day is over. A push whose
 * session has ended is never sent. The VAPID pair is the app's (services/push.ts), handed in.
 */
export function startPushSender(ctx: Ctx, options: PushSenderOptions): PushSender {
  const { config, database, clock, log } = ctx;
  const devDir = config.smtpUrl ? undefined : path.join(config.dataDir, 'push');

  /** The claimed rows with their subscriptions; those of an ended session are not sent. */
  async function prepare(claimed: PushRow[]) {
    const db = database.db;
    const now = clock.now();
    const ids = [...new Set(claimed.map((r) => Number(r.subscription_id)))];
    const subs = await db
      .selectFrom('push_subscriptions')
      .innerJoin('sessions', 'sessions.id', 'push_subscriptions.session_id')
      .selectAll('push_subscriptions')
      .where('push_subscriptions.id', 'in', ids)
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      .execute();
    const byId = new Map(subs.map((s) => [Number(s.id), s]));
    // CONTRACT 6.7: a push queued while its session was live is not sent once the session has ended
    // (expired since, as revoked ones take their subscriptions along): the subscription goes, and
    // its queued pushes with it
    const ended = ids.filter((id) => !byId.has(id));
    if (ended.length > 0) {
      log.info({ subscriptions: ended.length }, 'push subscriptions of ended sessions; deleted');
      await db.deleteFrom('push_subscriptions').where('id', 'in', ended).execute();
    }
    return claimed.flatMap((row) => {
      const sub = byId.get(Number(row.subscription_id));
      return sub ? [{ row, sub }] : [];
    });
  }
  type Claimed = Awaited<ReturnType<typeof prepare>>[number];

  async function writeDevCopy({ row, sub }: Claimed) {
    if (!devDir) return;
    await fs.mkdir(devDir, { recursive: true, mode: 0o700 });
    const file = path.join(devDir, `${row.created_at}-${row.id}.json`);
    const payload = { title: row.title, body: row.body, url: row.url };
    await fs.writeFile(file, `${JSON.stringify({ endpoint: sub.endpoint, payload }, null, 2)}\n`, {
      mode: 0o600,
    });
    log.info({ title: row.title, file }, 'push (development copy)');
  }

  // a drain's connections, one per checked address, closed when the drain ends
  const agents = new Map<string, https.Agent>();

  async function deliver(item: Claimed) {
    const { row, sub } = item;
    await writeDevCopy(item);
    // checked again at each send: the name may resolve elsewhere now, and the connection goes to
    // the address checked here
    const checked = await checkPushEndpoint(sub.endpoint, config.pushAllowHosts);
    const key = `${checked.hostname}|${checked.address}`;
    let agent = agents.get(key);
    if (!agent) {
      agent = pinnedAgent(checked, options.ca);
      agents.set(key, agent);
    }
    const keys = await options.vapidKeys();
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify({ title: row.title, body: row.body, url: row.url }),
      {
        vapidDetails: {
          subject: config.vapidSubject,
          publicKey: keys.publicKey,
          privateKey: keys.privateKey,
        },
        TTL: PUSH_TTL_SECONDS,
        urgency: 'normal',
        contentEncoding: 'aes128gcm',
        agent,
        timeout: SEND_TIMEOUT_MS,
      },
    );
  }

  /** CONTRACT 6.7: what a failed push comes to (its retry: the worker's backoff, within its day). */
  async function failed(item: Claimed, err: unknown, retry: { attempts: number; retryAt: number }) {
    const { row, sub } = item;
    const db = database.db;
    const status = err instanceof WebPushError ? err.statusCode : undefined;
    if (status !== undefined && GONE_FOR_GOOD.has(status)) {
      // the browser unsubscribed or the subscription expired (404, 410), or the service refuses what
      // this subscription is (400, 403, 413: a key that is no key, another VAPID key, too large):
      // no later try could succeed (CONTRACT 6.7)
      log.info({ subscription: Number(sub.id), status }, 'push subscription refused for good; deleted');
      await db.deleteFrom('push_subscriptions').where('id', '=', Number(sub.id)).execute();
      return 'settled' as const;
    }
    // a push to an endpoint refused at sending, or kept past its day, is not tried again
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof EndpointRefused || retry.retryAt > Number(row.created_at) + PUSH_TTL_SECONDS * 1000) {
      log.warn({ err: message, status, attempts: retry.attempts }, 'push dropped');
      await db.deleteFrom('push_outbox').where('id', '=', Number(row.id)).execute();
      return 'settled' as const;
    }
    return { retry: `${status ?? ''} ${message}`.trim(), fields: { status } };
  }

  return startOutboxWorker<PushRow, Claimed>(ctx, {
    name: 'push',
    table: 'push_outbox',
    batch: BATCH,
    prepare,
    // browsers in parallel, each one's pushes in the order of their events
    lane: (item) => Number(item.sub.id),
    deliver,
    // the delivered rows are deleted together, in one statement (one commit, not one per push: a
    // crash in between re-sends at most this batch, as a push service may deliver twice anyway)
    settle: {
      when: 'batch',
      async delivered(items) {
        const ids = items.map((item) => Number(item.row.id));
        await database.db.deleteFrom('push_outbox').where('id', 'in', ids).execute();
      },
    },
    failed,
    drained() {
      for (const agent of agents.values()) agent.destroy();
      agents.clear();
    },
  });
}
