// Each read scenario's own work, without HTTP: the session lookup and the route's service function
// called in a loop in this process, on SQLite, with hot caches. docs/performance-history.md puts these
// beside the HTTP bench's floor (the /api/config row) to bound what ratio each scenario can reach.
//   npx tsx apps/server/bench/service-cost.ts [--complaints 10000]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { TAdminListQuery, TPageQuery } from '@bit/contract';
import { loadConfig } from '../src/config';
import type { Ctx } from '../src/context';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { systemClock } from '../src/lib/clock';
import { findSession, tokenHashOf } from '../src/services/accounts/sessions';
import {
  adminStats,
  getComplaintByTokenWithSession,
  listAdminComplaints,
  listAuthorityComplaints,
} from '../src/services/complaints';
import { listNotifications } from '../src/services/notices/notices';
import { complaintReport } from '../src/services/oversight/report';
import { type BenchUser, generate, signInBenchUsers } from './generate';

const { values } = parseArgs({ options: { complaints: { type: 'string', default: '10000' } } });
const n = Number(values.complaints);
if (!Number.isInteger(n) || n < 100) throw new Error('--complaints must be a whole number of at least 100');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-service-cost-'));
const database = openDatabase({ dataDir });
try {
  await migrateToLatest(database.db, database.dialect);
  const g = await generate(database.db, n, () => {}, database.dialect);
  const tokens = await signInBenchUsers(database.db, g);
  const silent = { info() {}, warn() {}, error() {}, debug() {} } as unknown as Ctx['log'];
  const ctx: Ctx = {
    config: loadConfig({ DATA_DIR: dataDir }),
    database,
    clock: systemClock,
    log: silent,
    mailQueued() {},
  };
  const signedIn = async (who: BenchUser) => {
    const session = await findSession(ctx, tokens[who]);
    if (!session) throw new Error(`no session for ${who}`);
    return session.user;
  };
  const studentHash = tokenHashOf(tokens.student) ?? '';
  const firstPage: TPageQuery = { page: 1, pageSize: 20 };
  const adminQuery: TAdminListQuery = { ...firstPage, hostelNo: 5, status: 'Resolved' };
  // the report's longest period, ending today in TIME_ZONE, as the HTTP bench asks for it
  const reportTo = new Date(Date.now() + 5.5 * 3600_000).toISOString().slice(0, 10);
  const reportFrom = new Date(Date.parse(reportTo) - 365 * 86_400_000).toISOString().slice(0, 10);
  const work: [string, () => Promise<unknown>][] = [
    ['session lookup alone', () => findSession(ctx, tokens.student)],
    [
      'complaint by token (student)',
      async () => {
        const { session, answer } = await getComplaintByTokenWithSession(ctx, studentHash, g.sampleToken);
        if (!session) throw new Error('no session for student');
        return answer(session.user);
      },
    ],
    [
      'authority list p1 (warden)',
      async () => listAuthorityComplaints(ctx, await signedIn('warden'), firstPage),
    ],
    [
      'admin filtered p1',
      async () => {
        await signedIn('admin');
        return listAdminComplaints(ctx, adminQuery);
      },
    ],
    [
      'admin stats',
      async () => {
        await signedIn('admin');
        return adminStats(ctx);
      },
    ],
    ['notifications/5 (no session)', () => listNotifications(ctx, '5', firstPage)],
    // issue 18
    [
      'authority list p1 overdue (warden)',
      async () => listAuthorityComplaints(ctx, await signedIn('warden'), { ...firstPage, overdue: true }),
    ],
    [
      'admin list p1 overdue',
      async () => {
        await signedIn('admin');
        return listAdminComplaints(ctx, { ...firstPage, overdue: true });
      },
    ],
    [
      'report 366 days',
      async () => {
        await signedIn('admin');
        return complaintReport(ctx, { from: reportFrom, to: reportTo });
      },
    ],
    [
      'report 366 days, hostel 5',
      async () => {
        await signedIn('admin');
        return complaintReport(ctx, { from: reportFrom, to: reportTo, hostelNo: 5 });
      },
    ],
  ];
  console.log(`${n.toLocaleString('en')} complaints, SQLite, one process, µs per call:`);
  // each scenario warmed up for half a second, then timed over two (slow ones make fewer calls)
  const callsFor = async (fn: () => Promise<unknown>, ms: number) => {
    const start = process.hrtime.bigint();
    let calls = 0;
    while (Number(process.hrtime.bigint() - start) / 1e6 < ms) {
      await fn();
      calls++;
    }
    return { calls, us: Number(process.hrtime.bigint() - start) / calls / 1000 };
  };
  for (const [name, fn] of work) {
    await callsFor(fn, 500);
    const { calls, us } = await callsFor(fn, 2000);
    console.log(`  ${name.padEnd(36)} ${us.toFixed(1).padStart(9)}  (${calls} calls)`);
  }
} finally {
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
