import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Ctx } from '../context';

const BATCH = 10;
const LOCK_MS = 60_000;
const IDLE_POLL_MS = 2_000;

/** Retry delay after the nth failure: 5 s, 10 s, 20 s … capped at 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

export interface MailSender {
  wake(): void;
  /** Delivers everything due now; resolves with the number sent. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Delivers queued mail. Each instance claims rows by setting locked_until (SKIP LOCKED on
 * PostgreSQL), so several instances never send the same row; a row is marked sent right after
 * SMTP accepts it, and its Message-ID is derived from the row id so a rare re-send after a crash
 * in between is recognisable as the same mail.
 */
export function startMailSender(ctx: Ctx): MailSender {
  const { config, database, clock, log } = ctx;
  const transport: Transporter = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl, {
        connectionTimeout: 5000,
        greetingTimeout: 5000,
        socketTimeout: 10000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = path.join(config.dataDir, 'mail');
  const host = new URL(config.publicUrl).hostname || 'localhost';

  // the development mailbox holds sign-in and reset codes: the owner's alone, like the database.
  // Made once, not for every mail (a filing storm's mails each paid a mkdir), and again if removed.
  let mailbox: Promise<unknown> | undefined;
  async function writeToMailbox(file: string, message: Buffer) {
    mailbox ??= fs.mkdir(mailDir, { recursive: true, mode: 0o700 });
    await mailbox;
    try {
      await fs.writeFile(file, message, { mode: 0o600 });
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') throw err;
      mailbox = undefined;
      await fs.mkdir(mailDir, { recursive: true, mode: 0o700 });
      await fs.writeFile(file, message, { mode: 0o600 });
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function claim() {
    const now = clock.now();
    const db = database.db;
    const due = db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('id')
      .limit(BATCH);
    return db
      .updateTable('mail_outbox')
      .set({ locked_until: now + LOCK_MS })
      .where('id', 'in', database.dialect === 'postgres' ? due.modifyEnd(sql`for update skip locked`) : due)
      .where('sent_at', 'is', null)
      .returningAll()
      .execute();
  }

  async function deliver(row: Awaited<ReturnType<typeof claim>>[number]) {
    const info = await transport.sendMail({
      from: config.mailFrom,
      // an address object is taken as the address; a string is parsed again as an address list,
      // which mailed `"x"<atk@evil.com>` to atk@evil.com
      to: { name: '', address: row.to_addr },
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: `<outbox-${row.id}-${row.created_at}@${host}>`,
    });
    if (!config.smtpUrl) {
      const file = path.join(mailDir, `${row.created_at}-${row.id}.eml`);
      await writeToMailbox(file, (info as unknown as { message: Buffer }).message);
      const code = /\b(\d{6})\b/.exec(row.subject)?.[1];
      log.info(
        { to: row.to_addr, subject: row.subject, ...(code ? { code } : {}), file },
        'mail (development mailbox)',
      );
    }
  }

  async function drainOnce(): Promise<number> {
    let sent = 0;
    for (;;) {
      if (stopped) return sent;
      const rows = await claim();
      if (rows.length === 0) return sent;
      for (const row of rows) {
        try {
          await deliver(row);
          await database.db
            .updateTable('mail_outbox')
            .set({ sent_at: clock.now(), locked_until: null, attempts: row.attempts + 1, last_error: null })
            .where('id', '=', row.id)
            .execute();
          sent++;
        } catch (err) {
          const attempts = row.attempts + 1;
          log.warn(
            { err: (err as Error).message, to: row.to_addr, attempts },
            'mail delivery failed; will retry',
          );
          await database.db
            .updateTable('mail_outbox')
            .set({
              attempts,
              next_attempt_at: clock.now() + backoffMs(attempts),
              locked_until: null,
              last_error: String((err as Error).message).slice(0, 500),
            })
            .where('id', '=', row.id)
            .execute()
            .catch(() => {});
        }
      }
    }
  }

  function drain(): Promise<number> {
    if (!running) {
      running = drainOnce()
        .catch((err) => {
          log.warn({ err: (err as Error).message }, 'mail sender could not read the outbox');
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
      transport.close();
    },
  };
}
