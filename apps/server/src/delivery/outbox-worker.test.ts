import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_DIALECT, type TestDb } from '../../test/harness';
import { migrateToLatest } from '../db/migrate';
import type { MailOutboxTable } from '../db/schema';
import { manualClock } from '../lib/clock';
import {
  backoffMs,
  LOCK_MS,
  type OutboxChannel,
  type OutboxWorker,
  startOutboxWorker,
} from './outbox-worker';

type Row = Selectable<MailOutboxTable>;
type Item = { row: Row };

const silent = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  trace() {},
  fatal() {},
  child: () => silent,
} as unknown as FastifyBaseLogger;

let t: TestDb;
const clock = manualClock(Date.UTC(2026, 0, 15, 10, 0, 0));
const workers: OutboxWorker[] = [];

beforeAll(async () => {
  t = await createTestDatabase();
  await migrateToLatest(t.database.db, t.database.dialect);
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await t.database.db.deleteFrom('mail_outbox').execute();
});
afterAll(async () => {
  await t?.drop();
});

async function queue(subject: string, at: Partial<Row> = {}) {
  const row = await t.database.db
    .insertInto('mail_outbox')
    .values({
      to_addr: 'worker@bitmesra.ac.in',
      subject,
      text_body: subject,
      html_body: subject,
      created_at: clock.now(),
      attempts: 0,
      next_attempt_at: clock.now(),
      ...at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

const rowOf = (id: number) =>
  t.database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** A channel on mail_outbox whose deliveries the test decides; it records what it was asked. */
function channel(overrides: Partial<OutboxChannel<Row, Item>> = {}) {
  const delivered: string[] = [];
  const settled: string[][] = [];
  const ch: OutboxChannel<Row, Item> = {
    name: 'test',
    table: 'mail_outbox',
    batch: 10,
    keepsSent: true,
    prepare: async (rows) => rows.map((row) => ({ row })),
    async deliver({ row }) {
      delivered.push(row.subject);
    },
    settle: {
      when: 'each',
      async delivered(items) {
        settled.push(items.map((i) => i.row.subject));
        for (const { row } of items)
          await t.database.db
            .updateTable('mail_outbox')
            .set({ sent_at: clock.now(), locked_until: null })
            .where('id', '=', row.id)
            .execute();
      },
    },
    ...overrides,
  };
  return { ch, delivered, settled };
}

function start(ch: OutboxChannel<Row, Item>) {
  const worker = startOutboxWorker({ database: t.database, clock, log: silent }, ch);
  workers.push(worker);
  return worker;
}

describe(`the outbox worker (${TEST_DIALECT})`, () => {
  it('claims only the rows due now and not locked by another instance, delivers each once and settles it', async () => {
    const due = await queue('due');
    await queue('later', { next_attempt_at: clock.now() + 1_000 });
    await queue('locked', { locked_until: clock.now() + 5_000 });
    await queue('sent', { sent_at: clock.now() });
    const { ch, delivered, settled } = channel();
    const worker = start(ch);
    expect(await worker.drain()).toBe(1);
    expect(await worker.drain()).toBe(0);
    expect(delivered).toEqual(['due']);
    expect(settled).toEqual([['due']]);
    expect((await rowOf(due)).sent_at).not.toBeNull();
  });

  it('settles a batch channel once per claimed batch, a lane in order and the lanes at once', async () => {
    for (const subject of ['a1', 'b1', 'a2', 'b2', 'a3']) await queue(subject);
    const { ch, delivered, settled } = channel({ batch: 3 });
    const worker = start({
      ...ch,
      lane: (item) => item.row.subject.charCodeAt(0),
      settle: { when: 'batch', delivered: ch.settle.delivered },
    });
    expect(await worker.drain()).toBe(5);
    expect(delivered.filter((s) => s.startsWith('a'))).toEqual(['a1', 'a2', 'a3']);
    expect(delivered.filter((s) => s.startsWith('b'))).toEqual(['b1', 'b2']);
    // two claims of at most 3, oldest first: each settled in one call
    expect(settled.map((batch) => [...batch].sort())).toEqual([
      ['a1', 'a2', 'b1'],
      ['a3', 'b2'],
    ]);
  });

  it('tries a failed row again only once its backoff has passed: 5 s, then 10 s, up to 10 minutes', async () => {
    expect([1, 2, 3, 7, 8, 20].map(backoffMs)).toEqual([5_000, 10_000, 20_000, 320_000, 600_000, 600_000]);
    const id = await queue('flaky');
    let fail = true;
    const { ch, delivered } = channel({
      async deliver({ row }) {
        delivered.push(row.subject);
        if (fail) throw new Error('connection refused');
      },
    });
    const worker = start(ch);
    const t0 = clock.now();
    expect(await worker.drain()).toBe(0);
    const first = await rowOf(id);
    expect(first).toMatchObject({
      attempts: 1,
      locked_until: null,
      sent_at: null,
      last_error: 'connection refused',
    });
    expect(Number(first.next_attempt_at)).toBe(t0 + 5_000);

    clock.advance(4_999);
    expect(await worker.drain()).toBe(0);
    expect(delivered).toEqual(['flaky']);
    clock.advance(1);
    expect(await worker.drain()).toBe(0);
    expect(delivered).toEqual(['flaky', 'flaky']);
    expect(Number((await rowOf(id)).next_attempt_at)).toBe(clock.now() + 10_000);

    fail = false;
    clock.advance(10_000);
    expect(await worker.drain()).toBe(1);
    expect((await rowOf(id)).sent_at).not.toBeNull();
  });

  it('leaves a failed row the channel settled itself as the channel left it', async () => {
    const id = await queue('dropped');
    const { ch } = channel({
      async deliver() {
        throw new Error('gone');
      },
      async failed(item, _err, retry) {
        expect(retry).toEqual({ attempts: 1, retryAt: clock.now() + 5_000 });
        await t.database.db.deleteFrom('mail_outbox').where('id', '=', item.row.id).execute();
        return 'settled';
      },
    });
    expect(await start(ch).drain()).toBe(0);
    expect(await t.database.db.selectFrom('mail_outbox').select('id').where('id', '=', id).execute()).toEqual(
      [],
    );
  });

  it('never lets a second instance take a row another has claimed, until the claim has lapsed', async () => {
    await queue('once');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = channel({
      async deliver({ row }) {
        first.delivered.push(row.subject);
        await held;
      },
    });
    const second = channel();
    const a = start(first.ch);
    const b = start(second.ch);
    const draining = a.drain();
    while (first.delivered.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(await b.drain()).toBe(0);
    clock.advance(LOCK_MS + 1);
    // the first instance is taken for crashed: its row goes out again (a mail keeps its Message-ID)
    expect(await b.drain()).toBe(1);
    release();
    expect(await draining).toBe(1);
    expect(second.delivered).toEqual(['once']);
  });

  it('stops after the delivery in progress has finished, and delivers nothing after', async () => {
    await queue('in flight');
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let stoppedHook = 0;
    const { ch, delivered } = channel({
      async deliver({ row }) {
        delivered.push(row.subject);
        await held;
      },
      stopped: () => {
        stoppedHook++;
      },
    });
    const worker = start(ch);
    const draining = worker.drain();
    while (delivered.length === 0) await new Promise((r) => setTimeout(r, 5));
    let stopped = false;
    const stopping = worker.stop().then(() => {
      stopped = true;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await draining).toBe(1);
    expect(stoppedHook).toBe(1);

    await queue('after stop');
    worker.wake();
    expect(await worker.drain()).toBe(0);
    expect(delivered).toEqual(['in flight']);
  });
});
