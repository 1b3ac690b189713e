import type { Kysely, Transaction } from 'kysely';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

// the outbox's insert of n mails, compiled once for each n: built anew each time, Kysely's compiling
// cost more than SQLite's insert, inside a transaction whose write lock other requests wait for
const insertMails = preparedQuery(
  (db, p: Placeholders<{ to: string[]; subject: string[]; text: string[]; html: string[]; now: number }>) =>
    db.insertInto('mail_outbox').values(
      p.to.map((to, i) => ({
        to_addr: to,
        subject: p.subject[i]!,
        text_body: p.text[i]!,
        html_body: p.html[i]!,
        created_at: p.now,
        attempts: 0,
        next_attempt_at: p.now,
        locked_until: null,
        sent_at: null,
        last_error: null,
      })),
    ),
);

/**
 * Queues mails inside the caller's transaction, in one statement: a mail exists exactly when the
 * change that caused it committed, and the sender delivers it even if SMTP is down right now.
 */
export async function enqueueMails(db: Kysely<DB> | Transaction<DB>, mails: MailMessage[], now: number) {
  if (mails.length === 0) return;
  await insertMails(db, {
    to: mails.map((m) => m.to),
    subject: mails.map((m) => m.subject),
    text: mails.map((m) => m.text),
    html: mails.map((m) => m.html),
    now,
  });
}

/** enqueueMails for one mail. */
export async function enqueueMail(db: Kysely<DB> | Transaction<DB>, mail: MailMessage, now: number) {
  await enqueueMails(db, [mail], now);
}
