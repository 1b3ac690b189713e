import type { TPushPayload } from '@bit/contract';
import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import { type Placeholders, preparedQuery } from '../db/prepared';
import type { DB } from '../db/schema';
import { enqueueMails, type MailMessage } from './mail/outbox';
import { enqueuePush } from './push/outbox';

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

/** One event's notice to one recipient. */
export interface Notification {
  to: Recipient;
  notice: Notice;
}

/** What notices come to on their recipients' channels: the mails and the pushes to queue. */
export interface DeliveryPlan {
  mails: MailMessage[];
  pushes: { userId: number; push: TPushPayload }[];
}

/**
 * THE rule of how an event reaches a user (every event that mails, CONTRACT 6.3): its mail when they
 * take email, its push when they take push and have a subscribed browser. Made before it is written,
 * so that a caller that writes the mails in a statement of its own (a filing on PostgreSQL,
 * services/complaints/file-one.ts) writes exactly this plan's.
 */
export function planDelivery(notices: readonly Notification[]): DeliveryPlan {
  const plan: DeliveryPlan = { mails: [], pushes: [] };
  for (const { to, notice } of notices) {
    if (Number(to.notify_email)) plan.mails.push(notice);
    if (Number(to.wants_push)) plan.pushes.push({ userId: Number(to.id), push: notice.push });
  }
  return plan;
}

/** Mails a multi-row insert writes at most. */
const MAILS_PER_STATEMENT = 200;

/**
 * Writes a plan inside the event's own transaction, so it exists exactly when the event committed;
 * the caller wakes the senders after commit (ctx.mailQueued). The mails in multi-row inserts of 200,
 * the pushes a statement each (only the few recipients with a subscribed browser have one).
 */
export async function deliver(db: Kysely<DB> | Transaction<DB>, plan: DeliveryPlan, now: number) {
  const { mails, pushes } = plan;
  for (let i = 0; i < mails.length; i += MAILS_PER_STATEMENT)
    await enqueueMails(db, mails.slice(i, i + MAILS_PER_STATEMENT), now);
  for (const { userId, push } of pushes) await enqueuePush(db, userId, push, now);
}

/**
 * THE way an event reaches a user: planDelivery's plan for one notice, written in the event's
 * transaction. One-time codes are not events: they are always mailed, and never pushed (enqueueMail
 * directly).
 */
export async function notify(db: Kysely<DB> | Transaction<DB>, to: Recipient, notice: Notice, now: number) {
  await deliver(db, planDelivery([{ to, notice }]), now);
}

/** notify for many notices at once (an incident's update of its complaints), in few statements. */
export async function notifyMany(db: Kysely<DB> | Transaction<DB>, notices: Notification[], now: number) {
  await deliver(db, planDelivery(notices), now);
}

// one statement per number of users
const recipientsOf = preparedQuery((db, p: Placeholders<{ ids: number[] }>) =>
  db.selectFrom('users').select(RECIPIENT_COLUMNS).where('users.id', 'in', p.ids),
);

/** Users as recipients, by id, in one statement: the students of a status change (changeStatus). */
export async function recipientsByIds(db: Kysely<DB> | Transaction<DB>, ids: number[]) {
  if (ids.length === 0) return new Map<number, Recipient>();
  const rows = await recipientsOf(db, { ids });
  return new Map<number, Recipient>(rows.map((r) => [Number(r.id), r]));
}
