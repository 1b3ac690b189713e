import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type AppConfig, loadConfig } from '../src/config';
import type { Ctx } from '../src/context';
import { type Database, openDatabase } from '../src/db/database';
import { manualClock } from '../src/lib/clock';

/** Which database this test run uses: the server suite runs once per dialect (see vitest.config.ts). */
export const TEST_DIALECT = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

export interface TestDb {
  database: Database;
  url: string | undefined;
  dataDir: string;
  drop(): Promise<void>;
}

/**
 * A fresh database: a temp SQLite file, or a new PostgreSQL database dropped afterwards. Empty, or
 * with `migrated` a copy of the suite's migrated template (migrated-template.ts), as a test app's.
 */
export async function createTestDatabase(opts: { migrated?: boolean } = {}): Promise<TestDb> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-test-'));
  // outside vitest (bench/push-drain.ts builds a test app too) there is no template: it migrates
  const template = opts.migrated && process.env.VITEST ? inject('migratedTemplate') : undefined;
  if (TEST_DIALECT === 'sqlite') {
    // the file keeps its 0600 (database.ts), in mkdtemp's 0700 folder
    if (template) fs.copyFileSync(template, path.join(dataDir, 'complaints.db'));
    const database = openDatabase({ dataDir });
    return {
      database,
      url: undefined,
      dataDir,
      async drop() {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const name = `bitc_test_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // 60 requests at once on a pool of 5, beside three other test files on two cores: waits are long
  const database = openDatabase({
    databaseUrl: url.toString(),
    dataDir,
    poolSize: 5,
    pgWaitMs: { connect: 20_000, query: 20_000 },
  });
  return {
    database,
    url: url.toString(),
    dataDir,
    async drop() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  ctx: Ctx;
  clock: ReturnType<typeof manualClock>;
  config: AppConfig;
  db: TestDb;
  /** app.inject that parses JSON and sends a bearer token when given */
  request(
    opts: InjectOptions & { token?: string },
    // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of every shape
  ): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    ...overrides,
  };
}

/** A server on a fresh database with a controllable clock and no background mail sender. */
export async function createTestApp(
  opts: { config?: Partial<AppConfig>; mailSender?: boolean } = {},
): Promise<TestApp> {
  const db = await createTestDatabase({ migrated: true });
  const clock = manualClock(Date.UTC(2026, 0, 15, 10, 0, 0));
  const config = testConfig(db.dataDir, opts.config);
  const app = await buildApp(config, {
    database: db.database,
    clock,
    logger: false,
    mailSender: opts.mailSender ?? false,
    validateResponses: true,
  });
  await app.ready();
  return {
    app,
    ctx: app.ctx,
    clock,
    config,
    db,
    async request({ token, headers, ...rest }) {
      const res = await app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      let body: unknown = res.body;
      if (String(res.headers['content-type'] ?? '').includes('application/json')) {
        body = res.body ? JSON.parse(res.body) : undefined;
      }
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
    },
    async close() {
      await app.close();
      await db.drop();
    },
  };
}
