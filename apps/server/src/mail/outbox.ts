import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues a mail inside the caller's transaction: the mail exists exactly when the change that
 * caused it committed, and the sender delivers it even if SMTP is down right now.
 */
export async function enqueueMail(db: Kysely<DB> | Transaction<DB>, mail: MailMessage, now: number) {
  await db
    .insertInto('mail_outbox')
    .values({
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
    })
    .execute();
}
