import fs from 'node:fs/promises';
import path from 'node:path';
import type { Selectable } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Ctx } from '../../context';
import type { MailOutboxTable } from '../../db/schema';
import { type OutboxWorker, startOutboxWorker } from '../outbox-worker';

const BATCH = 10;

type MailRow = Selectable<MailOutboxTable>;

export type MailSender = OutboxWorker;

/**
 * Delivers queued mail through the outbox worker (delivery/outbox-worker.ts: claim, backoff): a row
 * is marked sent right after SMTP accepts it, and its Message-ID is derived from the row id so a
 * rare re-send after a crash in between is recognisable as the same mail.
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

  async function deliver(row: MailRow) {
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

  return startOutboxWorker<MailRow, { row: MailRow }>(ctx, {
    name: 'mail',
    table: 'mail_outbox',
    batch: BATCH,
    keepsSent: true,
    prepare: async (rows) => rows.map((row) => ({ row })),
    deliver: ({ row }) => deliver(row),
    settle: {
      when: 'each',
      async delivered(items) {
        const { row } = items[0]!;
        await database.db
          .updateTable('mail_outbox')
          .set({ sent_at: clock.now(), locked_until: null, attempts: row.attempts + 1, last_error: null })
          .where('id', '=', row.id)
          .execute();
      },
    },
    failed: async ({ row }, err) => ({ retry: String((err as Error).message), fields: { to: row.to_addr } }),
    stopped: () => transport.close(),
  });
}
