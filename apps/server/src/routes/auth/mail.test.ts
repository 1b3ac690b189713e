import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildStudent, lastMail } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type MailSender, startMailSender } from '../../delivery/mail/sender';
import { post, studentBody } from './test-helpers';

let t: TestApp;
const senders: MailSender[] = [];
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.stop()));
  await t.close();
});

/** A sender for this app, optionally delivering to an SMTP server. */
function sender(smtpUrl?: string) {
  const s = startMailSender(smtpUrl ? { ...t.ctx, config: { ...t.config, smtpUrl } } : t.ctx);
  senders.push(s);
  return s;
}

async function signup() {
  const body = studentBody(t);
  expect((await post(t, 'student-signup', body)).status).toBe(201);
  return body.email;
}

const outbox = (to: string) =>
  t.ctx.database.db.selectFrom('mail_outbox').selectAll().where('to_addr', '=', to).execute();

describe('mail outbox', () => {
  it('signup queues exactly one mail with the code in subject and text, naming the product', async () => {
    const email = await signup();
    const rows = await outbox(email);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    const code = (await lastMail(t, email))!.code!;
    expect(code).toMatch(/^\d{6}$/);
    expect(row.subject).toContain(code);
    expect(row.subject).toContain('BIT Mesra Complaint System');
    expect(row.text_body).toContain(code);
    expect(row.text_body).toContain('BIT Mesra Complaint System');
    expect(row.html_body).toContain(code);
    expect(row.sent_at).toBeNull();
  });

  it("a verification mail greets no one by name, so a sign-up cannot put its text in the college's mail", async () => {
    const body = studentBody(t, { name: 'Eve, claim your prize at http://evil.example' });
    expect((await post(t, 'student-signup', body)).status).toBe(201);
    const [row] = await outbox(body.email);
    expect(row!.text_body).toContain('Hello,');
    expect(row!.text_body).not.toContain('evil.example');
    expect(row!.html_body).not.toContain('evil.example');
  });

  it('the html body of a reset mail escapes the name', async () => {
    const s = await buildStudent(t, { name: '<b>Eve</b>' });
    expect((await post(t, 'forgot-password', { email: s.email, role: 'student' })).status).toBe(200);
    const [row] = await outbox(s.email);
    expect(row!.html_body).not.toContain('<b>Eve</b>');
    expect(row!.html_body).toContain('&lt;b&gt;Eve&lt;/b&gt;');
    expect(row!.text_body).toContain('<b>Eve</b>');
  });

  it('without SMTP_URL the sender writes an .eml into DATA_DIR/mail and marks the row sent', async () => {
    expect(t.config.smtpUrl).toBeUndefined();
    const email = await signup();
    const code = (await lastMail(t, email))!.code!;
    const s = sender();
    await s.drain();
    const [row] = await outbox(email);
    expect(row!.sent_at).not.toBeNull();
    expect(row!.attempts).toBe(1);
    const dir = path.join(t.config.dataDir, 'mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toContain(`To: ${email}`);
    expect(eml).toContain(code);
    // sent rows are not sent again
    await s.drain();
    expect(fs.readdirSync(dir).filter((f) => f.endsWith('.eml'))).toHaveLength(1);
  });

  it('with an unreachable SMTP server the row stays unsent with a backoff, and is delivered later', async () => {
    const email = await signup();
    const failing = sender('smtp://127.0.0.1:1');
    expect(await failing.drain()).toBe(0);
    await failing.stop();
    const [row] = await outbox(email);
    expect(row!.sent_at).toBeNull();
    expect(row!.attempts).toBe(1);
    expect(row!.next_attempt_at).toBeGreaterThan(t.clock.now());
    expect(row!.last_error).toBeTruthy();
    expect(row!.locked_until).toBeNull();

    // not due yet: a working sender leaves it for now
    const working = sender();
    expect(await working.drain()).toBe(0);
    // after the backoff it goes out
    t.clock.advance(row!.next_attempt_at - t.clock.now() + 1);
    expect(await working.drain()).toBe(1);
    const [after] = await outbox(email);
    expect(after!.sent_at).not.toBeNull();
    expect(after!.attempts).toBe(2);
  });

  it('with a real SMTP server each mail arrives exactly once, even with concurrent drains', async () => {
    const received: string[] = [];
    const messages: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          for (const r of session.envelope.rcptTo) received.push(r.address);
          messages.push(Buffer.concat(chunks).toString('utf8'));
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.server.address() as AddressInfo).port;
      const emails = [await signup(), await signup(), await signup()];
      const a = sender(`smtp://127.0.0.1:${port}`);
      const b = sender(`smtp://127.0.0.1:${port}`);
      const counts = await Promise.all([a.drain(), a.drain(), b.drain(), b.drain()]);
      // the same sender shares one drain; two senders split the rows between them
      expect(counts[0]! + counts[2]!).toBe(3);
      expect(received.sort()).toEqual([...emails].sort());
      for (const m of messages) expect(m).toContain('BIT Mesra Complaint System');
      for (const email of emails) {
        const [row] = await outbox(email);
        expect(row!.sent_at).not.toBeNull();
        expect(row!.attempts).toBe(1);
      }
      // nothing left: another drain sends nothing more
      expect(await a.drain()).toBe(0);
      expect(received).toHaveLength(3);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
