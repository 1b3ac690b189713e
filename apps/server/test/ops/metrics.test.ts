import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStatementCount } from '../../src/db/statement-count';
import { buildStudent } from '../factories';
import { createTestApp, type TestApp } from '../harness';

const METRICS_TOKEN = 'metrics-test-token-0123456789';

describe('GET /api/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { metricsToken: METRICS_TOKEN } });
  });
  afterAll(async () => t?.close());

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/api/metrics', headers: authorization ? { authorization } : {} });

  it('answers 404 like an unknown path when the bearer token is missing or wrong', async () => {
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    for (const auth of [
      undefined,
      'Bearer wrong-token-0123456789',
      METRICS_TOKEN,
      `Basic ${METRICS_TOKEN}`,
    ]) {
      const res = await scrape(auth);
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/metrics_|http_request/);
      expect(Object.keys(JSON.parse(res.body))).toEqual(Object.keys(JSON.parse(unknown.body)));
    }
  });

  it('does not exist at all when METRICS_TOKEN is unset', async () => {
    const plain = await createTestApp();
    try {
      const res = await plain.app.inject({
        method: 'GET',
        url: '/api/metrics',
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it('reports requests by route pattern and status, the outbox, complaints by status and the process, and never a token or email', async () => {
    const student = await buildStudent(t);
    const filed = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: student.token,
      payload: { type: 'College', subType: 'IT Support', description: 'metrics test complaint' },
    });
    expect(filed.status).toBe(201);
    const complaintToken = filed.body.token as string;
    expect(
      (await t.request({ method: 'GET', url: `/api/complaints/${complaintToken}`, token: student.token }))
        .status,
    ).toBe(200);
    // a URL no route matches, full of secrets: it must be counted without its URL
    await t.request({
      method: 'GET',
      url: `/api/nowhere/${complaintToken}?email=${student.email}&s=${student.token}`,
    });
    await t.request({
      method: 'POST',
      url: '/api/auth/student-login',
      payload: { email: student.email, password: 'wrong-password-1' },
    });
    await t.request({
      method: 'GET',
      url: '/api/auth/check-auth',
      headers: { cookie: `token=${student.token}` },
    });
    // a mail that keeps failing
    await t.ctx.database.db
      .insertInto('mail_outbox')
      .values({
        to_addr: student.email,
        subject: 'failing mail',
        text_body: 'x',
        html_body: 'x',
        created_at: t.clock.now(),
        attempts: 3,
        next_attempt_at: t.clock.now(),
        locked_until: null,
        sent_at: null,
        last_error: `550 no such user ${student.email}`,
      })
      .execute();

    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;

    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="POST",route="\/api\/complaints",status_code="201"\} 1\b/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/complaints\/:token",status_code="200"\} 1\b/,
    );
    expect(text).toMatch(
      /http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\(unmatched\)",status_code="404"\}/,
    );
    expect(text).toMatch(/route="\/api\/auth\/student-login",status_code="401"/);
    expect(text).toMatch(/complaints_by_status\{status="Pending"\} 1\b/);
    expect(text).toMatch(/complaints_by_status\{status="Resolved"\} 0\b/);
    expect(text).toMatch(/^complaints_mail_outbox_unsent [1-9]/m);
    expect(text).toMatch(/^complaints_mail_outbox_failing 1$/m);
    expect(text).toMatch(/^complaints_mail_outbox_oldest_unsent_age_seconds /m);
    expect(text).toMatch(/^complaints_push_outbox_waiting\{state="all"\} 0$/m);
    expect(text).toMatch(/^complaints_push_outbox_waiting\{state="failing"\} 0$/m);
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
    // a lone process (no cluster) asks no one else: it is the whole server
    expect(text).toMatch(/^metrics_scrape_workers 1$/m);
    expect(text).toMatch(/^metrics_scrape_workers_answered 1$/m);

    for (const secret of [complaintToken, student.token, student.email, METRICS_TOKEN, 'wrong-password-1'])
      expect(text).not.toContain(secret);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it("reports the statements sent to the database, so two scrapes show a request's round trips", async () => {
    const student = await buildStudent(t);
    const filed = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: student.token,
      payload: { type: 'College', subType: 'IT Support', description: 'counted complaint' },
    });
    const lookup = () =>
      t.request({ method: 'GET', url: `/api/complaints/${filed.body.token}`, token: student.token });
    expect((await lookup()).status).toBe(200);
    const before = readStatementCount();
    await lookup();
    const perLookup = readStatementCount() - before;
    // PostgreSQL reads the session and the whole page in one statement; SQLite in several
    expect(perLookup).toBeGreaterThanOrEqual(1);

    const statements = async () => {
      const text = (await scrape(`Bearer ${METRICS_TOKEN}`)).body;
      // a lone process (no cluster) is worker 0
      const value = /^db_statements_total\{worker="0"\} (\d+)$/m.exec(text)?.[1];
      expect(value).toBeDefined();
      return Number(value);
    };
    const counted = readStatementCount();
    const first = await statements();
    // read before the scrape's own queries ran, which the next scrape shows
    expect(first).toBe(counted);
    await lookup();
    await lookup();
    const second = await statements();
    const third = await statements();
    // between two scrapes: one scrape's own statements, plus whatever was done meanwhile
    const scrapeCost = third - second;
    expect(second - first - scrapeCost).toBe(2 * perLookup);
  });
});
