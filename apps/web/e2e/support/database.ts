import path from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { server } from './server';

// Straight to the running server's database, for what no API can do in a test's time: a complaint
// becomes overdue SLA_HOURS (72 at the least for a hostel one, 1 if configured) after it is filed, so
// the specs move its due time into the past instead of waiting. The server reads due_at from the row
// (and its open-complaint indexes) on every list, count and report: nothing else needs to change.

const HOUR_MS = 60 * 60 * 1000;

function serverEnv(): { DATA_DIR?: string; DATABASE_URL?: string } {
  return server().env;
}

/** Makes these complaints due `hoursAgo` hours ago: overdue from now on while they stay open. */
export async function makeOverdue(ids: number[], hoursAgo: number) {
  const dueAt = Date.now() - hoursAgo * HOUR_MS;
  const env = serverEnv();
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      await client.query('update complaints set due_at = $1 where id = any($2::bigint[])', [dueAt, ids]);
    } finally {
      await client.end();
    }
    return;
  }
  if (!env.DATA_DIR) throw new Error('the server has no DATA_DIR: run the suite through npm run test:e2e');
  const db = new Database(path.join(env.DATA_DIR, 'complaints.db'));
  try {
    // the server's workers may be writing: wait for them rather than fail
    db.pragma('busy_timeout = 10000');
    db.prepare(`update complaints set due_at = ? where id in (${ids.map(() => '?').join(', ')})`).run(
      dueAt,
      ...ids,
    );
  } finally {
    db.close();
  }
}
