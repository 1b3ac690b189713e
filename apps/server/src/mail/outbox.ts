import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues mails inside the caller's transaction, in one statement: a mail exists exactly when the
 * change that caused it committed, and the sender delivers it even if SMTP is down right now.
 */
export async function enqueueMails(db: Kysely<DB> | Transaction<DB>, mails: MailMessage[], now: number) {
  if (mails.length === 0) return;
  await db
    .insertInto('mail_outbox')
    .values(
      mails.map((mail) => ({
        to_addr: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
        created_at: now,
        attempts: 0,
        next_attempt_at: now,
        locked_until: null,
        sent_at: null,
        last_error: null,
      })),
    )
    .execute();
}

/** enqueueMails for one mail. */
export async function enqueueMail(db: Kysely<DB> | Transaction<DB>, mail: MailMessage, now: number) {
  await enqueueMails(db, [mail], now);
}
