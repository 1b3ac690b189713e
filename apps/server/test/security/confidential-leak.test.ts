/**
 * CONTRACT 7.3's proof that nothing leaks. A Sexual harassment grievance and an anonymous report of
 * ragging are filed with words found nowhere else (in their subjects, descriptions, messages, the
 * decision, the representative) by students with names and roll numbers found nowhere else, and worked
 * by their committees (messages, a hearing, a decision, the timed jobs). Then EVERY route of the API,
 * walked from the app's own OpenAPI document as control-characters.test.ts walks it, is called as
 * every role (an admin, another committee's member, the other confidential committee's member, the
 * Ombudsperson, a warden, another student, no session) and each whole body is read for those words;
 * then every mail in the sink, every push payload and every log line of the whole run.
 *
 * A route added tomorrow is called too; one whose path parameter this file has no value for fails the
 * test until PARAMS gives one or NOT_REAL says why the value sent is not a real one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app';
import { manualClock } from '../../src/lib/clock';
import { pushSubscriptionCleanup } from '../../src/services/accounts/push-subscriptions';
import { createSession } from '../../src/services/accounts/sessions';
import { raggingReminders } from '../../src/services/grievances/urgent';
import { DAILY_JOBS } from '../../src/services/oversight/digest';
import { runDueJobs } from '../../src/services/oversight/scheduler';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestDatabase, type TestApp, type TestDb, testConfig } from '../harness';

type App = Awaited<ReturnType<typeof buildApp>>;
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, unknown> };
}
interface Route {
  method: string;
  /** as the document writes it: `/api/grievances/{id}` */
  path: string;
  pathParams: string[];
  query: string[];
  json: boolean;
}

const HOUR = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR;

// Words that occur nowhere else: each case's own, and who its student is.
const HARASSMENT = {
  subject: 'Zorblatt remarks in the Quillonax lab',
  description:
    'The Zorblatt assistant of the Quillonax lab makes remarks about Vantrelle clothes every week.',
  studentMessage: 'Grimsharrow said it again on Friday.',
  committeeMessage: 'Please bring Plonkwhistle notes to the hearing.',
  representative: 'Oswyna Tarragrove',
  decision: 'Brambleduff: the committee upheld the report and acted on it.',
};
const RAGGING = {
  subject: 'Snorvelt seniors in Kessamire block',
  description: 'Snorvelt seniors of the Kessamire block made first-years stand in the Drubbleton corridor.',
  studentMessage: 'Fennimorrow came back after dinner.',
  committeeMessage: 'We will meet you about Yarrowkip in confidence.',
};
const CONTENT_WORDS = (g: Record<string, string>) =>
  Object.values(g)
    .flatMap((v) => v.split(/[\s:.,]+/))
    .filter((w) => /^[A-Z][a-z]{6,}$/.test(w));
const NAMED = { name: 'Xanthippa Morrowgleam', roll: 'BTECH/90417/24' };
const ANONYMOUS = { name: 'Ulfric Dandelwine', roll: 'BTECH/90853/24' };
const identity = (s: { name: string; roll: string }) => [...s.name.split(' '), s.roll];

let db: TestDb;
let app: App;
let t: Pick<TestApp, 'request' | 'clock' | 'config'> & { ctx: App['ctx'] };
const logs: string[] = [];
let admin: Built;
let named: Built;
let anonymous: Built;
let other: Built;
let warden: Built;
let sgrc: Built;
let ombud: Built;
let icc: Built;
let antiRagging: Built;
let harassmentId: number;
let raggingId: number;
let complaint: { id: number; token: string };
let routes: Route[];

beforeAll(async () => {
  db = await createTestDatabase();
  const clock = manualClock(Date.UTC(2026, 0, 15, 10, 0, 0));
  // the log lines at info, as production writes them, kept to be read
  const config = testConfig(db.dataDir, { logLevel: 'info' });
  app = await buildApp(config, {
    database: db.database,
    clock,
    mailSender: false,
    validateResponses: true,
    logStream: { write: (line: string) => void logs.push(line) },
  });
  await app.ready();
  t = {
    ctx: app.ctx,
    clock,
    config,
    async request({ token, headers, ...rest }) {
      const res = await app.inject({
        ...rest,
        headers: { ...(headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
      let body: unknown = res.body;
      if (String(res.headers['content-type'] ?? '').includes('application/json'))
        body = res.body ? JSON.parse(res.body) : undefined;
      return { status: res.statusCode, body, headers: res.headers as Record<string, unknown> };
    },
  };
  const T = t as unknown as TestApp;
  admin = await buildAdmin(T);
  named = await buildStudent(T, { name: NAMED.name, roll_no: NAMED.roll });
  anonymous = await buildStudent(T, { name: ANONYMOUS.name, roll_no: ANONYMOUS.roll });
  other = await buildStudent(T);
  warden = await buildAuthority(T, 'Warden', { hostelNo: 1 });
  sgrc = await buildAuthority(T, 'Other');
  ombud = await buildAuthority(T, 'Other');
  icc = await buildAuthority(T, 'Other');
  antiRagging = await buildAuthority(T, 'Other');
  for (const [committee, member] of [
    ['sgrc', sgrc],
    ['ombudsperson', ombud],
    ['icc', icc],
    ['anti-ragging', antiRagging],
  ] as const) {
    const res = await t.request({
      method: 'PUT',
      url: `/api/admin/committees/${committee}`,
      token: admin.token,
      payload: { members: [{ userId: member.id, chair: true }] },
    });
    expect(res.status).toBe(200);
  }
  // every one of them with a subscribed browser: each event queues a push too
  for (const u of [admin, named, anonymous, other, warden, sgrc, ombud, icc, antiRagging]) {
    const session = await app.ctx.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', u.id)
      .executeTakeFirstOrThrow();
    await app.ctx.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: u.id,
        session_id: Number(session.id),
        endpoint: `https://push.example.org/${u.id}`,
        p256dh: 'BP',
        auth: 'au',
        created_at: clock.now(),
      })
      .execute();
  }
  const filed = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: other.token,
    payload: {
      type: 'Hostel',
      hostelNo: 1,
      roomNo: '101',
      subType: 'Plumbing',
      description: 'Tap leaks all night',
    },
  });
  expect(filed.status).toBe(201);
  complaint = { id: filed.body.complaint.id, token: filed.body.token };

  // the two cases, worked as they would be
  const step = async (by: Built, method: 'POST' | 'PUT', url: string, payload?: object, status = 200) => {
    const res = await t.request({ method, url, token: by.token, ...(payload ? { payload } : {}) });
    expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  harassmentId = (
    await step(
      named,
      'POST',
      '/api/grievances',
      { category: 'Sexual harassment', subject: HARASSMENT.subject, description: HARASSMENT.description },
      201,
    )
  ).data.id;
  raggingId = (
    await step(
      anonymous,
      'POST',
      '/api/grievances',
      { category: 'Ragging', subject: RAGGING.subject, description: RAGGING.description, anonymous: true },
      201,
    )
  ).data.id;
  const h = `/api/grievances/${harassmentId}`;
  const r = `/api/grievances/${raggingId}`;
  await step(named, 'POST', `${h}/messages`, { body: HARASSMENT.studentMessage }, 201);
  await t.request({ method: 'GET', url: h, token: icc.token });
  await step(icc, 'POST', `${h}/messages`, { body: HARASSMENT.committeeMessage }, 201);
  await step(icc, 'POST', `${h}/hearing`, {
    at: new Date(clock.now() + 2 * DAY_MS).toISOString(),
    place: 'Room 7',
  });
  await step(named, 'PUT', `${h}/representative`, { name: HARASSMENT.representative });
  await step(icc, 'POST', `${h}/decision`, { outcome: 'Upheld', text: HARASSMENT.decision });
  await step(anonymous, 'POST', `${r}/messages`, { body: RAGGING.studentMessage }, 201);
  // a day without the committee acting: the reminders, to the committee and the admin
  await runDueJobs({ ...app.ctx, clock: manualClock(clock.now() + 25 * HOUR) }, [raggingReminders]);
  await t.request({ method: 'GET', url: r, token: antiRagging.token });
  await step(antiRagging, 'POST', `${r}/messages`, { body: RAGGING.committeeMessage }, 201);
  // every daily job a month later (digests, the escalation of what is past its time), subscriptions kept
  await runDueJobs(
    { ...app.ctx, clock: manualClock(clock.now() + 30 * DAY_MS) },
    DAILY_JOBS.filter((j) => j !== pushSubscriptionCleanup),
  );

  const doc = (
    app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      json: Boolean(op.requestBody?.content['application/json']),
    })),
  );
}, 120_000);
afterAll(async () => {
  await app.close();
  await db.drop();
});

/**
 * The values of each route's path parameters: each a list, the route called once with each. A
 * grievance's route is called with both confidential cases' ids.
 */
const PARAMS: Record<string, (route: Route) => string[]> = {
  id: (route) =>
    route.path.startsWith('/api/grievances/')
      ? [String(harassmentId), String(raggingId)]
      : route.path.startsWith('/api/admin/authorities/')
        ? [String(warden.id)]
        : route.path.startsWith('/api/admin/users/')
          ? [String(other.id)]
          : [String(complaint.id)],
  complaintId: () => [String(complaint.id)],
  token: () => [complaint.token],
  target: () => ['all'],
  year: () => ['2026'],
  committee: () => ['icc', 'anti-ragging'],
};

/** Routes called with an id that is not a real one of theirs, and why that is enough. */
const NOT_REAL: Record<string, string> = {
  'GET /api/attachments/{id}':
    'a grievance has no photos; the complaint id stands in, and no photo holds a grievance',
  'GET /api/attachments/{id}/thumb': 'as GET /api/attachments/{id}',
  'GET /api/notifications/{id}/pdf':
    'no notice is posted; notices are written by authorities, not from grievances',
  'DELETE /api/notifications/{id}': 'as GET /api/notifications/{id}/pdf',
  'GET /api/incidents/{id}': 'no incident is declared; incidents group complaints, never grievances',
  'PUT /api/incidents/{id}': 'as GET /api/incidents/{id}',
  'POST /api/incidents/{id}/complaints': 'as GET /api/incidents/{id}',
  'DELETE /api/incidents/{id}/complaints/{complaintId}': 'as GET /api/incidents/{id}',
  'POST /api/incidents/{id}/join': 'as GET /api/incidents/{id}',
  'PUT /api/me/replies/{id}': 'no saved reply is written; replies are the authority’s own texts',
  'DELETE /api/me/replies/{id}': 'as PUT /api/me/replies/{id}',
  'PUT /api/admin/replies/{id}': 'as PUT /api/me/replies/{id}',
  'DELETE /api/admin/replies/{id}': 'as PUT /api/me/replies/{id}',
};

/** Valid bodies of the grievances' steps: an outsider must meet the policy (404), not the schema (400). */
const BODIES: Record<string, () => object> = {
  'POST /api/grievances/{id}/messages': () => ({ body: 'Is anyone reading this grievance?' }),
  'POST /api/grievances/{id}/hearing': () => ({
    at: new Date(t.clock.now() + 3 * DAY_MS).toISOString(),
    place: 'Seminar hall',
  }),
  'PUT /api/grievances/{id}/representative': () => ({ name: '' }),
  'POST /api/grievances/{id}/decision': () => ({
    outcome: 'Not upheld',
    text: 'Decided by someone who may not.',
  }),
  'POST /api/grievances/{id}/appeal': () => ({ reason: 'Appealed by someone who may not, at any time.' }),
  'POST /api/grievances/{id}/appeal-decision': () => ({
    outcome: 'Not upheld',
    text: 'Decided by someone who may not.',
  }),
};

/** Query values: the lists searched for the cases' own words, as wide as a page goes. */
const queryOf = (route: Route): string => {
  const q: Record<string, string> = {};
  if (route.query.includes('q')) q.q = 'Zorblatt';
  if (route.query.includes('pageSize')) q.pageSize = '100';
  // the desk's lookup finds a student by roll number by design: asked for another student's
  if (route.query.includes('rollNo')) q.rollNo = other.user.rollNo ?? '';
  return new URLSearchParams(q).toString();
};

/** Every call of a route: one per combination of its path parameters' values. */
function urlsOf(route: Route): string[] {
  let urls = [route.path];
  for (const name of route.pathParams) {
    const values = PARAMS[name]?.(route);
    if (!values) throw new Error(`no value for {${name}} of ${route.method} ${route.path}: add it to PARAMS`);
    urls = urls.flatMap((u) => values.map((v) => u.replace(`{${name}}`, encodeURIComponent(v))));
  }
  const query = queryOf(route);
  return urls.map((u) => (query ? `${u}?${query}` : u));
}

interface Caller {
  label: string;
  user: () => Built | null;
  /** the words this caller must never read */
  forbidden: () => string[];
}

const words = {
  harassment: () => [...CONTENT_WORDS(HARASSMENT), ...identity(NAMED)],
  ragging: () => CONTENT_WORDS(RAGGING),
  anonymous: () => identity(ANONYMOUS),
};
const CALLERS: Caller[] = [
  {
    label: 'no session',
    user: () => null,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  {
    label: 'an admin',
    user: () => admin,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  {
    label: 'a warden',
    user: () => warden,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  {
    label: 'another student',
    user: () => other,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  {
    label: 'the SGRC',
    user: () => sgrc,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  {
    label: 'the Ombudsperson',
    user: () => ombud,
    forbidden: () => [...words.harassment(), ...words.ragging(), ...words.anonymous()],
  },
  // each confidential committee is another committee to the other case; the anonymous student's name
  // is read by no one but themselves, their own committee included
  { label: 'the ICC', user: () => icc, forbidden: () => [...words.ragging(), ...words.anonymous()] },
  {
    label: 'the Anti-Ragging Committee',
    user: () => antiRagging,
    forbidden: () => [...words.harassment(), ...words.anonymous()],
  },
];

const found = (text: string, forbidden: string[]) => {
  const lower = text.toLowerCase();
  return forbidden.filter((w) => lower.includes(w.toLowerCase()));
};

describe('a confidential grievance leaks through no route (CONTRACT 7.3)', () => {
  it('has the words to look for, and finds them where they belong', async () => {
    expect(words.harassment().length).toBeGreaterThanOrEqual(12);
    expect(words.ragging().length).toBeGreaterThanOrEqual(6);
    const own = await t.request({
      method: 'GET',
      url: `/api/grievances/${harassmentId}`,
      token: named.token,
    });
    expect(found(JSON.stringify(own.body), words.harassment())).toEqual(words.harassment());
    const anon = await t.request({
      method: 'GET',
      url: `/api/grievances/${raggingId}`,
      token: anonymous.token,
    });
    expect(found(JSON.stringify(anon.body), [...words.ragging(), ...words.anonymous()])).toHaveLength(
      words.ragging().length + words.anonymous().length,
    );
    const committee = await t.request({
      method: 'GET',
      url: `/api/grievances/${raggingId}`,
      token: antiRagging.token,
    });
    expect(found(JSON.stringify(committee.body), words.ragging())).toEqual(words.ragging());
  });

  it('covers every route of the app, each called with real parameters or listed with a reason', () => {
    expect(routes.length).toBeGreaterThan(80);
    const keys = new Set(routes.map((r) => `${r.method} ${r.path}`));
    for (const key of Object.keys(NOT_REAL)) expect(keys, `NOT_REAL names no route ${key}`).toContain(key);
    for (const key of Object.keys(BODIES)) expect(keys, `BODIES names no route ${key}`).toContain(key);
    for (const route of routes) expect(() => urlsOf(route)).not.toThrow();
    expect(keys).toContain('GET /api/grievances/{id}');
    expect(keys).toContain('GET /api/admin/audit');
  });

  it('answers no role a body with a confidential case’s words or its anonymous student', async () => {
    const leaks: string[] = [];
    let calls = 0;
    // the writes last, so that each read sees the cases as they were worked
    const ordered = [...routes].sort((a, b) => Number(a.method !== 'GET') - Number(b.method !== 'GET'));
    for (const route of ordered)
      for (const url of urlsOf(route))
        for (const caller of CALLERS) {
          const user = caller.user();
          // a fresh session each call: a route may end the one it was called with (logout, two-factor)
          const token = user ? (await createSession(app.ctx, user.id, false)).token : undefined;
          const key = `${route.method} ${route.path}`;
          const payload = BODIES[key]?.() ?? (route.json ? {} : undefined);
          const res = await app.inject({
            method: route.method as 'GET',
            url,
            headers: token ? { authorization: `Bearer ${token}` } : {},
            ...(payload === undefined ? {} : { payload }),
          });
          calls++;
          const hits = found(`${JSON.stringify(res.headers)}\n${res.body}`, caller.forbidden());
          if (hits.length > 0)
            leaks.push(`${key} (${url}) as ${caller.label}: ${res.statusCode} shows ${hits.join(', ')}`);
        }
    expect(leaks).toEqual([]);
    expect(calls).toBeGreaterThan(routes.length * CALLERS.length);
  }, 300_000);

  it('puts none of their words in any mail, nor anyone’s name but the addressee’s', async () => {
    const mails = await app.ctx.database.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
    const about = mails.filter((m) => m.subject.includes('GRV-'));
    expect(about.length).toBeGreaterThanOrEqual(10);
    const leaks: string[] = [];
    for (const m of mails) {
      const text = `${m.subject}\n${m.text_body}\n${m.html_body}`;
      const forbidden = [
        ...CONTENT_WORDS(HARASSMENT),
        ...CONTENT_WORDS(RAGGING),
        ...(m.to_addr === named.email ? [] : identity(NAMED)),
        ...(m.to_addr === anonymous.email ? [] : identity(ANONYMOUS)),
      ];
      const hits = found(text, forbidden);
      if (hits.length > 0) leaks.push(`mail to ${m.to_addr} "${m.subject}": ${hits.join(', ')}`);
    }
    expect(leaks).toEqual([]);
  });

  it('puts none of their words in any push payload, nor anyone’s name', async () => {
    const pushes = await app.ctx.database.db.selectFrom('push_outbox').selectAll().orderBy('id').execute();
    expect(pushes.filter((p) => p.title.includes('GRV-')).length).toBeGreaterThanOrEqual(8);
    const forbidden = [...words.harassment(), ...words.ragging(), ...words.anonymous()];
    const leaks = pushes.flatMap((p) => {
      const hits = found(`${p.title}\n${p.body}\n${p.url}`, forbidden);
      return hits.length > 0 ? [`push "${p.title}": ${hits.join(', ')}`] : [];
    });
    expect(leaks).toEqual([]);
  });

  it('writes none of their words, nor who the students are, in any log line of the whole run', () => {
    // the log is on: each request wrote its line, named by its route pattern
    expect(logs.length).toBeGreaterThan(routes.length);
    expect(logs.some((l) => l.includes('"route":"/api/grievances/:id"'))).toBe(true);
    const forbidden = [...words.harassment(), ...words.ragging(), ...words.anonymous()];
    const leaks = logs.flatMap((l) => {
      const hits = found(l, forbidden);
      return hits.length > 0 ? [`${l.slice(0, 200)}: ${hits.join(', ')}`] : [];
    });
    expect(leaks).toEqual([]);
  });
});
