import type { FastifyBaseLogger } from 'fastify';
import { type ExpressionBuilder, type Kysely, type QueryCreator, sql } from 'kysely';
import type { Database } from '../db/database';
import type { Clock } from '../lib/clock';

/**
 * The one outbox worker: every channel (mail/sender.ts, push/sender.ts) queues rows in its own table
 * in the event's transaction, and this loop delivers them. Each instance claims due rows by setting
 * `locked_until` (SKIP LOCKED on PostgreSQL, a conditional update on both), so several instances
 * never deliver one row at once; a channel delivers a row and settles it (mail: marked sent; push:
 * deleted), and a failure is tried again after `backoffMs`, unless the channel settles it for good.
 * A channel brings what is its own: the row's delivery, what a failure means, what a drain holds.
 */

/** How long a claimed row stays another instance's: a crashed instance's rows are taken again after. */
export const LOCK_MS = 60_000;
/** How often an idle worker looks at its table again (a queued row wakes it at once: `wake`). */
export const IDLE_POLL_MS = 2_000;
/** The first look after start: rows left by a previous run go out without waiting for a wake. */
const FIRST_DRAIN_MS = 200;

/** Retry delay after the nth failure: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

/** The columns every outbox table has (db/schema.ts: MailOutboxTable, PushOutboxTable). */
export interface OutboxRow {
  id: number;
  created_at: number;
  attempts: number;
  next_attempt_at: number;
  locked_until: number | null;
  last_error: string | null;
}

export type OutboxTable = 'mail_outbox' | 'push_outbox';

/** An outbox table seen through its common columns only (`sent_at`: mail's, kept once sent). */
type OutboxDb = { [T in OutboxTable]: OutboxRow & { sent_at?: number | null } };

/** What a failure comes to: tried again with this text kept, or settled by the channel for good. */
export type FailureVerdict = { retry: string; fields?: Record<string, unknown> } | 'settled';

export interface OutboxChannel<Row extends OutboxRow, Item extends { row: Row }> {
  /** names the channel in log lines: "<name> delivery failed; will retry" */
  name: string;
  table: OutboxTable;
  /** rows claimed at a time */
  batch: number;
  /** rows are kept once delivered, with `sent_at` set (mail): only those without are claimed */
  keepsSent?: boolean;
  /** The claimed rows as the channel delivers them (push: with their subscription; rows it will not send settled). */
  prepare(rows: Row[]): Promise<Item[]>;
  /** Items of one lane go one after the other, lanes at once (push: a browser's pushes in order). One lane without. */
  lane?(item: Item): number;
  deliver(item: Item): Promise<void>;
  /**
   * Settles delivered items. `each`: right after each delivery (mail: a row marked sent as SMTP takes
   * it); `batch`: once per claimed batch, in one statement (push: a crash re-sends at most the batch).
   */
  settle: { when: 'each' | 'batch'; delivered(items: Item[]): Promise<void> };
  /**
   * What a failed delivery comes to, knowing when a retry would be (`retryAt`, after `attempts`
   * tries): the text to keep for a retry (with fields for the log line), or 'settled' when the
   * channel has settled the row itself (dropped it, deleted its subscription). Without: a retry.
   */
  failed?(item: Item, err: unknown, retry: { attempts: number; retryAt: number }): Promise<FailureVerdict>;
  /** After each drain (push: its connections closed). */
  drained?(): void;
  /** After the worker stopped, its drain finished (mail: the SMTP transport closed). */
  stopped?(): void;
}

export interface OutboxWorker {
  wake(): void;
  /** Delivers everything due now; resolves with the number delivered. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface WorkerDeps {
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

export function startOutboxWorker<Row extends OutboxRow, Item extends { row: Row }>(
  { database, clock, log }: WorkerDeps,
  channel: OutboxChannel<Row, Item>,
): OutboxWorker {
  const db = database.db as unknown as Kysely<OutboxDb>;
  const { table } = channel;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  /** Due rows, oldest due first, locked for this instance in one conditional update. */
  async function claim(): Promise<Row[]> {
    const now = clock.now();
    const unlocked = (eb: ExpressionBuilder<OutboxDb, OutboxTable>) =>
      eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]);
    const due = (from: QueryCreator<OutboxDb>) => {
      let q = from.selectFrom(table).select('id').where('next_attempt_at', '<=', now).where(unlocked);
      if (channel.keepsSent) q = q.where('sent_at', 'is', null);
      return q.orderBy('next_attempt_at').orderBy('id').limit(channel.batch);
    };
    // PostgreSQL: the due rows are picked once, in a materialized WITH, SKIP LOCKED. Inside `in (…)`
    // a planner may run the subquery again while the update goes, and each run skips the rows the
    // update has locked so far and takes the next ones: a claim of 3 took 5.
    let claimed =
      database.dialect === 'postgres'
        ? db
            .with(
              (cte) => cte('due').materialized(),
              (from) => due(from).modifyEnd(sql`for update skip locked`),
            )
            .updateTable(table)
            .set({ locked_until: now + LOCK_MS })
            .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        : db
            .updateTable(table)
            .set({ locked_until: now + LOCK_MS })
            .where('id', 'in', due(db));
    // the claim is conditional: a row another instance claimed in between is not taken again
    claimed = claimed.where(unlocked);
    if (channel.keepsSent) claimed = claimed.where('sent_at', 'is', null);
    return (await claimed.returningAll().execute()) as unknown as Row[];
  }

  async function fail(item: Item, err: unknown) {
    const { row } = item;
    const attempts = row.attempts + 1;
    const retryAt = clock.now() + backoffMs(attempts);
    const verdict = channel.failed
      ? await channel.failed(item, err, { attempts, retryAt })
      : { retry: messageOf(err) };
    if (verdict === 'settled') return;
    log.warn(
      { err: messageOf(err), ...verdict.fields, attempts },
      `${channel.name} delivery failed; will retry`,
    );
    await db
      .updateTable(table)
      .set({
        attempts,
        next_attempt_at: retryAt,
        locked_until: null,
        last_error: verdict.retry.slice(0, 500),
      })
      .where('id', '=', Number(row.id))
      .execute();
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    try {
      for (;;) {
        if (stopped) return sent;
        const rows = await claim();
        if (rows.length === 0) return sent;
        const items = await channel.prepare(rows);
        const lanes = new Map<number, Item[]>();
        for (const item of items) {
          const lane = channel.lane?.(item) ?? 0;
          lanes.set(lane, [...(lanes.get(lane) ?? []), item]);
        }
        const delivered: Item[] = [];
        await Promise.all(
          [...lanes.values()].map(async (lane) => {
            for (const item of lane) {
              try {
                await channel.deliver(item);
                // a row settled as it is delivered: one that cannot be marked is tried again, as a
                // failed one (a re-sent mail carries the same Message-ID)
                if (channel.settle.when === 'each') await channel.settle.delivered([item]);
                else delivered.push(item);
                sent++;
              } catch (err) {
                await fail(item, err).catch(() => {});
              }
            }
          }),
        );
        if (delivered.length > 0) await channel.settle.delivered(delivered);
      }
    } finally {
      channel.drained?.();
    }
  }

  function drain(): Promise<number> {
    if (!running) {
      running = drainOnce()
        .catch((err) => {
          log.warn({ err: messageOf(err) }, `${channel.name} worker could not read its outbox`);
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
  schedule(FIRST_DRAIN_MS);

  return {
    wake: () => schedule(0),
    drain,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      channel.stopped?.();
    },
  };
}
