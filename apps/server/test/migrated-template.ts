import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';

/**
 * The server suite's global set-up: one empty database with every migration run, made once per test
 * project, which each test app starts from as a copy (harness.ts) instead of running the migrations
 * again (about 120 ms an app on SQLite, more on PostgreSQL, for some 110 apps a dialect). On SQLite a
 * database file to copy; on PostgreSQL a database that `create database … template` copies. Removed
 * when the project ends. The migrations themselves are still tested from an empty database
 * (db/migrations/*.test.ts, faults/, ops/).
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** the migrated SQLite file, or the name of the migrated PostgreSQL database */
    migratedTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dialect = project.config.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-template-'));
  if (dialect === 'sqlite') {
    const database = openDatabase({ dataDir });
    await migrateToLatest(database.db, 'sqlite');
    await database.close();
    project.provide('migratedTemplate', path.join(dataDir, 'complaints.db'));
    return () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DIALECT=postgres needs TEST_DATABASE_URL');
  const name = `bitc_template_${process.pid}_${Date.now()}_${project.name.replace(/\W/g, '_')}`;
  const admin = async (statement: string) => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    try {
      await c.query(statement);
    } finally {
      await c.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // closed before any copy: PostgreSQL copies a database only while no one is connected to it
  const database = openDatabase({ databaseUrl: url.toString(), dataDir, poolSize: 1 });
  await migrateToLatest(database.db, 'postgres');
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  project.provide('migratedTemplate', name);
  return () => admin(`drop database if exists ${name} with (force)`);
}
