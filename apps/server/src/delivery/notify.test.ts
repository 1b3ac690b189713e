import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Built, buildAuthority, buildStudent } from '../../test/factories';
import { createTestApp, TEST_DIALECT, type TestApp } from '../../test/harness';
import { file, hostelComplaint } from '../routes/complaints/test-helpers';
import type { DeliveryPlan } from './notify';

/**
 * Issue 50: notify is the one way an event reaches a user on both dialects. A filing on PostgreSQL
 * writes its mails in its own statement; it writes the plan notify made of its notices (planDelivery),
 * as SQLite's filing does, not a restatement of who takes which channel.
 */

const plans = vi.hoisted(() => ({ made: [] as DeliveryPlan[] }));
vi.mock('./notify', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./notify')>();
  return {
    ...actual,
    planDelivery: (...args: Parameters<typeof actual.planDelivery>) => {
      const plan = actual.planDelivery(...args);
      plans.made.push(plan);
      return plan;
    },
  };
});

const H = 9;
let t: TestApp;
/** wardens by their channels: mail and push, push only, mail only (a fourth takes neither) */
let both: Built;
let pushOnly: Built;
let mailOnly: Built;

/** A browser of `who`'s session, subscribed (no push service is reached: the outbox is what is read). */
async function subscribe(who: Built) {
  const session = await t.ctx.database.db
    .selectFrom('sessions')
    .select('id')
    .where('user_id', '=', who.id)
    .executeTakeFirstOrThrow();
  await t.ctx.database.db
    .insertInto('push_subscriptions')
    .values({
      user_id: who.id,
      session_id: Number(session.id),
      endpoint: `https://push.example.org/${who.id}`,
      p256dh: 'key',
      auth: 'auth',
      created_at: t.clock.now(),
    })
    .execute();
}

beforeAll(async () => {
  t = await createTestApp();
  const warden = async (notify_email: number) => {
    const w = await buildAuthority(t, 'Warden', { hostelNo: H });
    await t.ctx.database.db
      .updateTable('users')
      .set({ notify_email, new_complaints_pref: 'each' })
      .where('id', '=', w.id)
      .execute();
    return w;
  };
  [both, pushOnly, mailOnly] = [await warden(1), await warden(0), await warden(1)];
  await warden(0);
  await subscribe(both);
  await subscribe(pushOnly);
});
afterAll(async () => t.close());

describe(`a filing's notices (${TEST_DIALECT})`, () => {
  it("are written as notify's plan has them: a mail to each who takes email, a push to each subscribed browser", async () => {
    const mailsBefore = await t.ctx.database.db.selectFrom('mail_outbox').select('id').execute();
    plans.made.length = 0;
    const { token } = await file(t, await buildStudent(t), hostelComplaint(H));
    expect(plans.made).toHaveLength(1);
    const [plan] = plans.made;
    const emails = (who: Built[]) => who.map((w) => w.email).sort();
    expect(plan!.mails.map((m) => m.to).sort()).toEqual(emails([both, mailOnly]));
    expect(plan!.pushes.map((p) => p.userId).sort()).toEqual([both.id, pushOnly.id].sort());

    const mails = await t.ctx.database.db
      .selectFrom('mail_outbox')
      .select(['to_addr', 'subject', 'text_body', 'html_body'])
      .where('id', 'not in', mailsBefore.length ? mailsBefore.map((m) => m.id) : [0])
      .orderBy('to_addr')
      .execute();
    expect(mails).toEqual(
      [...plan!.mails]
        .sort((a, b) => a.to.localeCompare(b.to))
        .map((m) => ({ to_addr: m.to, subject: m.subject, text_body: m.text, html_body: m.html })),
    );
    expect(mails.every((m) => m.subject.includes(token))).toBe(true);
    const pushes = await t.ctx.database.db
      .selectFrom('push_outbox')
      .innerJoin('push_subscriptions', 'push_subscriptions.id', 'push_outbox.subscription_id')
      .select(['push_subscriptions.user_id', 'push_outbox.title', 'push_outbox.body', 'push_outbox.url'])
      .orderBy('push_subscriptions.user_id')
      .execute();
    expect(
      pushes.map((p) => ({ userId: Number(p.user_id), push: { title: p.title, body: p.body, url: p.url } })),
    ).toEqual([...plan!.pushes].sort((a, b) => a.userId - b.userId));
  });
});
