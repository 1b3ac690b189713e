import fs from 'node:fs/promises';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import path from 'node:path';
import { sql } from 'kysely';
import webpush, { WebPushError } from 'web-push';
import type { Ctx } from '../context';
import { type CheckedEndpoint, checkPushEndpoint, EndpointRefused } from '../lib/push-endpoint';
import { backoffMs } from '../mail/sender';
import { vapidKeys } from '../services/push';

const BATCH = 50;
const LOCK_MS = 60_000;
const IDLE_POLL_MS = 2_000;
/** CONTRACT 6.3: a push service keeps a push a day at most; the queue gives up on it after as long. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
const SEND_TIMEOUT_MS = 10_000;

export interface PushSenderOptions {
  /** Certificates to trust instead of the system's (tests: the test push service's own). */
  ca?: string;
}

export interface PushSender {
  wake(): void;
  /** Delivers everything due now; resolves with the number delivered. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

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
 * Delivers queued pushes (CONTRACT 6.3), as the mail sender delivers mail: each instance claims rows
 * by setting locked_until (SKIP LOCKED on PostgreSQL), so several instances never send one row twice;
 * a delivered row is deleted. A 404 or 410 from the push service deletes the subscription (and its
 * queued pushes); another failure is tried again with the mail's backoff until the push's day is over.
 */
export function startPushSender(ctx: Ctx, options: PushSenderOptions = {}): PushSender {
  const { config, database, clock, log } = ctx;
  const devDir = config.smtpUrl ? undefined : path.join(config.dataDir, 'push');

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim() {
    const now = clock.now();
    const db = database.db;
    const due = db
      .selectFrom('push_outbox')
      .select('id')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(BATCH);
    const claimed = await db
      .updateTable('push_outbox')
      .set({ locked_until: now + LOCK_MS })
      .where('id', 'in', database.dialect === 'postgres' ? due.modifyEnd(sql`for update skip locked`) : due)
      // the claim is conditional: a row another instance claimed in between is not taken again
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returningAll()
      .execute();
    if (claimed.length === 0) return [];
    const subs = await db
      .selectFrom('push_subscriptions')
      .selectAll()
      .where('id', 'in', [...new Set(claimed.map((r) => Number(r.subscription_id)))])
      .execute();
    const byId = new Map(subs.map((s) => [Number(s.id), s]));
    return claimed.flatMap((row) => {
      const sub = byId.get(Number(row.subscription_id));
      return sub ? [{ row, sub }] : [];
    });
  }
  type Claimed = Awaited<ReturnType<typeof claim>>[number];

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

  async function deliver(item: Claimed, agents: Map<string, https.Agent>) {
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
    const keys = await vapidKeys(ctx);
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

  async function settle(item: Claimed, err: unknown) {
    const { row, sub } = item;
    const db = database.db;
    const status = err instanceof WebPushError ? err.statusCode : undefined;
    if (status === 404 || status === 410) {
      // the browser unsubscribed or the subscription expired: it is gone for good
      log.info({ subscription: Number(sub.id), status }, 'push subscription gone; deleted');
      await db.deleteFrom('push_subscriptions').where('id', '=', Number(sub.id)).execute();
      return;
    }
    const attempts = row.attempts + 1;
    const retryAt = clock.now() + backoffMs(attempts);
    // a push refused for what it is (400, 403: another key, 413) or kept past its day is not tried again
    const permanent = status === 400 || status === 403 || status === 413 || err instanceof EndpointRefused;
    const message = err instanceof Error ? err.message : String(err);
    if (permanent || retryAt > Number(row.created_at) + PUSH_TTL_SECONDS * 1000) {
      log.warn({ err: message, status, attempts }, 'push dropped');
      await db.deleteFrom('push_outbox').where('id', '=', Number(row.id)).execute();
      return;
    }
    log.warn({ err: message, status, attempts }, 'push delivery failed; will retry');
    await db
      .updateTable('push_outbox')
      .set({
        attempts,
        next_attempt_at: retryAt,
        locked_until: null,
        last_error: `${status ?? ''} ${message}`.trim().slice(0, 500),
      })
      .where('id', '=', Number(row.id))
      .execute();
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    const agents = new Map<string, https.Agent>();
    try {
      for (;;) {
        if (stopped) return sent;
        const items = await claim();
        if (items.length === 0) return sent;
        // browsers in parallel, each one's pushes in the order of their events; the delivered rows
        // are deleted together, in one statement (one commit, not one per push: a crash in between
        // re-sends at most this batch, as a push service may deliver twice anyway)
        const delivered: number[] = [];
        const bySubscription = new Map<number, Claimed[]>();
        for (const item of items) {
          const id = Number(item.sub.id);
          bySubscription.set(id, [...(bySubscription.get(id) ?? []), item]);
        }
        await Promise.all(
          [...bySubscription.values()].map(async (group) => {
            for (const item of group) {
              try {
                await deliver(item, agents);
                delivered.push(Number(item.row.id));
              } catch (err) {
                await settle(item, err).catch(() => {});
              }
            }
          }),
        );
        if (delivered.length > 0) {
          await database.db.deleteFrom('push_outbox').where('id', 'in', delivered).execute();
          sent += delivered.length;
        }
      }
    } finally {
      for (const agent of agents.values()) agent.destroy();
    }
  }

  function drain(): Promise<number> {
    if (!running) {
      running = drainOnce()
        .catch((err) => {
          log.warn({ err: (err as Error).message }, 'push sender could not read its queue');
          return 0;
        })
        .finally(() => {
          running = undefined;
        });
    }
    return running;
  }

  function schedule(ms: number) {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(async () => {
      await drain();
      schedule(IDLE_POLL_MS);
    }, ms);
    timer.unref();
  }
  schedule(200);

  return {
    wake: () => schedule(0),
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
