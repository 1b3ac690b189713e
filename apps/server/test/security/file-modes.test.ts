/**
 * Owner-only files (CONTRACT 5.9). `complaints.db` (password hashes, sessions, reset codes) and
 * the development mailbox's `.eml` files (sign-up and reset codes) were created 0644: any local
 * account could read them. DATA_DIR and everything the server creates in it are its owner's alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { enqueueMail } from '../../src/delivery/mail/outbox';
import { startMailSender } from '../../src/delivery/mail/sender';
import { createTestApp, type TestApp } from '../harness';

const modeOf = (p: string) => fs.statSync(p).mode & 0o777;

let root: string;
let umask: number;
beforeAll(() => {
  // the usual umask, which lets a file created without a mode be read by everyone
  umask = process.umask(0o022);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-modes-'));
});
afterAll(() => {
  process.umask(umask);
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the embedded SQLite database', () => {
  it('is created 0600 in a DATA_DIR created 0700, and so are its -wal and -shm files', async () => {
    const dataDir = path.join(root, 'sqlite', 'data');
    const database = openDatabase({ dataDir });
    try {
      // a write, so that the write-ahead log and its index exist
      await migrateToLatest(database.db, database.dialect);
      const db = path.join(dataDir, 'complaints.db');
      expect(fs.existsSync(`${db}-wal`)).toBe(true);
      expect(fs.existsSync(`${db}-shm`)).toBe(true);
      expect(modeOf(dataDir).toString(8)).toBe('700');
      for (const file of [db, `${db}-wal`, `${db}-shm`])
        expect([file, modeOf(file).toString(8)]).toEqual([file, '600']);
    } finally {
      await database.close();
    }
    // opened again, the existing file is used as it is (created 0600 only when missing)
    const again = openDatabase({ dataDir });
    try {
      expect((await again.db.introspection.getTables()).map((x) => x.name)).toContain('users');
    } finally {
      await again.close();
    }
  });
});

describe('the development mailbox (no SMTP_URL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('writes each mail 0600 into DATA_DIR/mail created 0700 (and DATA_DIR 0700 when it is missing)', async () => {
    // on PostgreSQL nothing else creates DATA_DIR: the mailbox writer does
    const dataDir = path.join(root, 'mailbox', 'data');
    const sender = startMailSender({ ...t.ctx, config: { ...t.config, smtpUrl: undefined, dataDir } });
    try {
      const to = `modes${process.pid}@bitmesra.ac.in`;
      await enqueueMail(
        t.ctx.database.db,
        { to, subject: 'Your verification code is 123456', text: 'Code: 123456', html: '<p>123456</p>' },
        t.clock.now(),
      );
      expect(await sender.drain()).toBeGreaterThanOrEqual(1);
    } finally {
      await sender.stop();
    }
    const mailDir = path.join(dataDir, 'mail');
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(modeOf(dataDir).toString(8)).toBe('700');
    expect(modeOf(mailDir).toString(8)).toBe('700');
    for (const f of files) expect([f, modeOf(path.join(mailDir, f)).toString(8)]).toEqual([f, '600']);
  });

  it('makes the mailbox again, 0700, when it is removed while the server runs', async () => {
    const dataDir = path.join(root, 'mailbox-again', 'data');
    const sender = startMailSender({ ...t.ctx, config: { ...t.config, smtpUrl: undefined, dataDir } });
    const mailDir = path.join(dataDir, 'mail');
    const send = async (subject: string) => {
      await enqueueMail(
        t.ctx.database.db,
        { to: `again${process.pid}@bitmesra.ac.in`, subject, text: subject, html: `<p>${subject}</p>` },
        t.clock.now(),
      );
      expect(await sender.drain()).toBeGreaterThanOrEqual(1);
    };
    try {
      await send('First mail');
      fs.rmSync(mailDir, { recursive: true });
      await send('Second mail');
    } finally {
      await sender.stop();
    }
    const files = fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml'));
    expect(files.length).toBeGreaterThanOrEqual(1);
    expect(files.some((f) => fs.readFileSync(path.join(mailDir, f), 'utf8').includes('Second mail'))).toBe(
      true,
    );
    expect(modeOf(mailDir).toString(8)).toBe('700');
  });
});
