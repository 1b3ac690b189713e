import type { TPushPayload } from '@bit/contract';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { DB } from '../db/schema';
import { enqueueMail, enqueueMails, type MailMessage } from '../mail/outbox';
import { enqueuePush } from '../push/outbox';

/** An event's mail and its push (CONTRACT 6.3: the push says no more than the mail). */
export type Notice = MailMessage & { push: TPushPayload };

/** Whom an event is told to, and on which channels their preferences allow. */
export interface Recipient {
  id: number;
  email: string;
  name: string;
  /** 1 (or true) while their events are mailed */
  notify_email: number | boolean;
  /** truthy when push is on and at least one browser is subscribed */
  wants_push: number | boolean;
}

/**
 * The recipient columns of a query on `users`: whether to mail them, and whether anything would
 * receive a push, read with them, so that an event costs no push statement for the many users who
 * have no subscription.
 */
export const wantsPush = (eb: ExpressionBuilder<DB, 'users'>) =>
  eb
    .and([
      eb('users.notify_push', '=', 1),
      eb.exists(
        eb
          .selectFrom('push_subscriptions')
          .select('push_subscriptions.id')
          .whereRef('push_subscriptions.user_id', '=', 'users.id'),
      ),
    ])
    .as('wants_push');

export const RECIPIENT_COLUMNS = [
  'users.id',
  'users.email',
  'users.name',
  'users.notify_email',
  wantsPush,
] as const;

/** The channels a recipient's preferences allow, for a caller that writes its mails itself (a filing on PostgreSQL). */
export const mailsTo = (r: Recipient) => Boolean(Number(r.notify_email));
export const pushesTo = (r: Recipient) => Boolean(Number(r.wants_push));

/**
 * THE way an event reaches a user (every event that mails, CONTRACT 6.3): its mail when they take
 * email, its push when they take push and have a subscribed browser, both inside the event's own
 * transaction; the caller wakes the senders after commit (ctx.mailQueued). One-time codes are not
 * events: they are always mailed, and never pushed (enqueueMail directly).
 */
export async function notify(db: Kysely<DB> | Transaction<DB>, to: Recipient, notice: Notice, now: number) {
  if (mailsTo(to)) await enqueueMail(db, notice, now);
  if (pushesTo(to)) await enqueuePush(db, Number(to.id), notice.push, now);
}

/** One event's notice to one recipient, for a caller that tells many at once (notifyMany). */
export interface Notification {
  to: Recipient;
  notice: Notice;
}

/**
 * notify for many recipients at once (an incident's update of its complaints): the mails in multi-row
 * inserts of 200, the pushes one by one (only for the few with a subscribed browser).
 */
export async function notifyMany(db: Kysely<DB> | Transaction<DB>, notices: Notification[], now: number) {
  const mails = notices.filter((n) => mailsTo(n.to)).map((n) => n.notice);
  for (let i = 0; i < mails.length; i += 200) await enqueueMails(db, mails.slice(i, i + 200), now);
  for (const n of notices) if (pushesTo(n.to)) await enqueuePush(db, Number(n.to.id), n.notice.push, now);
}

/** Users as recipients, by id: for a change of many complaints at once (StatusBatch.students). */
export async function recipientsByIds(db: Kysely<DB> | Transaction<DB>, ids: number[]) {
  if (ids.length === 0) return new Map<number, Recipient>();
  const rows = await db.selectFrom('users').select(RECIPIENT_COLUMNS).where('users.id', 'in', ids).execute();
  return new Map<number, Recipient>(rows.map((r) => [Number(r.id), r]));
}
