// Search's own cost (issue 35), without HTTP: generates N complaints as the benchmark does, then
// - times each search scenario's service call (the list's page and count, newest first, first page)
//   in a loop in this process, one at a time, and prints p50 and p99;
// - prints the size of the index (SQLite: the FTS5 table's shadow tables; PostgreSQL: the
//   complaint_search table and its GIN index) and of the roll and room indexes, against the rest.
//   npx tsx bench/search-cost.ts --complaints 10000   (DATABASE_URL for PostgreSQL)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../src/config';
import type { Ctx } from '../src/context';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import type { UserRow } from '../src/services/accounts/users';
import { listAdminComplaints, listAuthorityComplaints } from '../src/services/complaints';
import { BULK_LOAD_WAIT, generate } from './generate';
import { quantile } from './quantile';
import { COMMON_WORD, TWO_WORDS } from './vocabulary';

const { values } = parseArgs({ options: { complaints: { type: 'string', default: '10000' } } });
const n = Number(values.complaints);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-search-size-'));
let databaseUrl: string | undefined;
let drop = async () => {};
if (process.env.DATABASE_URL) {
  const name = `bitc_search_size_${Date.now()}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(process.env.DATABASE_URL);
  u.pathname = `/${name}`;
  databaseUrl = u.toString();
  drop = async () => {
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
const database = openDatabase({ databaseUrl, dataDir, pgWaitMs: BULK_LOAD_WAIT });
try {
  await migrateToLatest(database.db, database.dialect);
  const g = await generate(database.db, n, () => {}, database.dialect);
  console.log(
    `${n.toLocaleString('en')} complaints on ${database.dialect}, generated in ${g.seconds.toFixed(1)} s`,
  );
  const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Ctx['log'];
  const ctx = {
    config: loadConfig({ DATA_DIR: dataDir }),
    database,
    clock: systemClock,
    log: silent,
  } as unknown as Ctx;
  const warden = (await database.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', g.wardenId)
    .executeTakeFirstOrThrow()) as UserRow;
  const page = { page: 1, pageSize: 20 };
  const cases: [string, () => Promise<{ count: number }>][] = [
    [`two words "${TWO_WORDS}" (admin)`, () => listAdminComplaints(ctx, { ...page, q: TWO_WORDS })],
    [`two words (warden)`, () => listAuthorityComplaints(ctx, warden, { ...page, q: TWO_WORDS })],
    ['token (admin)', () => listAdminComplaints(ctx, { ...page, q: g.sampleToken })],
    ['roll number (admin)', () => listAdminComplaints(ctx, { ...page, q: g.sampleRoll })],
    ['room number (warden)', () => listAuthorityComplaints(ctx, warden, { ...page, q: g.sampleRoom })],
    [
      `very common word "${COMMON_WORD}" (admin)`,
      () => listAdminComplaints(ctx, { ...page, q: COMMON_WORD }),
    ],
    ['very common word (warden)', () => listAuthorityComplaints(ctx, warden, { ...page, q: COMMON_WORD })],
    // a key word with a text word (the key's complaints lead), and a search with the list's status
    [
      'very common word and a room number (warden)',
      () => listAuthorityComplaints(ctx, warden, { ...page, q: `${COMMON_WORD} ${g.sampleRoom}` }),
    ],
    [
      `two words, Pending (admin)`,
      () => listAdminComplaints(ctx, { ...page, q: TWO_WORDS, status: 'Pending' }),
    ],
    ['no search: admin list p1 (for scale)', () => listAdminComplaints(ctx, page)],
  ];
  console.log('| search | matches | p50 ms | p99 ms |\n|---|---|---|---|');
  for (const [name, run] of cases) {
    for (let i = 0; i < 20; i++) await run();
    const times: number[] = [];
    let count = 0;
    for (let i = 0; i < 300; i++) {
      const t0 = performance.now();
      count = (await run()).count;
      times.push(performance.now() - t0);
    }
    console.log(`| ${name} | ${count} | ${quantile(times, 0.5)} | ${quantile(times, 0.99)} |`);
  }
  if (database.dialect === 'sqlite') {
    await sql`vacuum`.execute(database.db);
    const rows = (
      await sql<{
        name: string;
        bytes: number;
      }>`select name, sum(pgsize) as bytes from dbstat group by name`.execute(database.db)
    ).rows;
    const total = rows.reduce((s, r) => s + Number(r.bytes), 0);
    const text = rows
      .filter((r) => r.name.startsWith('complaint_search'))
      .reduce((s, r) => s + Number(r.bytes), 0);
    const keys = rows
      .filter((r) => /complaints_(roll|room)_lower_idx/.test(r.name))
      .reduce((s, r) => s + Number(r.bytes), 0);
    const complaints = rows.filter((r) => r.name === 'complaints').reduce((s, r) => s + Number(r.bytes), 0);
    console.log(`database ${mb(total)}; complaints table ${mb(complaints)}`);
    console.log(`text index ${mb(text)} (${((100 * text) / (total - text - keys)).toFixed(1)}% of the rest)`);
    console.log(
      `roll and room indexes ${mb(keys)}; with the text index ${((100 * (text + keys)) / (total - text - keys)).toFixed(1)}% added`,
    );
  } else {
    await sql`vacuum analyze`.execute(database.db);
    const one = async (q: ReturnType<typeof sql<{ b: string }>>) =>
      Number((await q.execute(database.db)).rows[0]?.b);
    const total = await one(sql<{ b: string }>`select pg_database_size(current_database()) as b`);
    const text = await one(sql<{ b: string }>`select pg_total_relation_size('complaint_search') as b`);
    const gin = await one(sql<{ b: string }>`select pg_relation_size('complaint_search_doc_idx') as b`);
    const keys = await one(
      sql<{
        b: string;
      }>`select pg_relation_size('complaints_roll_lower_idx') + pg_relation_size('complaints_room_lower_idx') as b`,
    );
    // an empty database's own catalogue is most of a small one: the share is of the rest
    const empty = await one(sql<{ b: string }>`select pg_database_size('template1') as b`);
    const data = total - empty;
    console.log(`database ${mb(total)} (${mb(data)} above an empty one)`);
    console.log(
      `text index ${mb(text)}, its GIN index ${mb(gin)} (${((100 * text) / (data - text - keys)).toFixed(1)}% of the rest)`,
    );
    console.log(
      `roll and room indexes ${mb(keys)}; with the text index ${((100 * (text + keys)) / (data - text - keys)).toFixed(1)}% added`,
    );
  }
} finally {
  await database.close();
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
