/**
 * CONTRACT 6.7: no text a client sends (a body's field, a query parameter, a path parameter, the
 * notice form's fields) may hold U+0000 or another control character but tab, line feed and
 * carriage return: 400 naming the field, nothing written, never a 500 on either dialect (a NUL in
 * `q` was a 500 on PostgreSQL on every list, and cut the CSV export off after its headers).
 *
 * The routes are the server's own: walked from the OpenAPI document the app builds from every
 * route's schemas as it registers them (`app.swagger()`), not from a list kept here, so a route
 * added tomorrow is sent control characters too. A route's valid body comes from FIXTURES when
 * one is written (the routes that write), else from its schema; the check answers before the
 * schema either way, so the answer names the field whatever the other fields hold.
 */
import { controlCharacterMessage } from '@bit/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../factories';
import { createTestApp, type TestApp } from '../harness';
import { freshIp, multipart, SMALL_PDF } from './support';

/** The part of an OpenAPI 3 JSON Schema this walk reads. */
interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  minLength?: number;
  minimum?: number;
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
}
interface Route {
  method: string;
  /** as the document writes it: `/api/complaints/{id}` */
  path: string;
  pathParams: string[];
  query: string[];
  body: Schema | undefined;
}

type Who = 'anon' | 'student' | 'warden' | 'admin';
type Res = Awaited<ReturnType<TestApp['request']>>;

let t: TestApp;
let student: Built;
let warden: Built;
let admin: Built;
let complaint: { id: number; token: string };
let routes: Route[];

const CONTROLS: [string, string][] = [
  ['U+0000', '\u0000'],
  ['U+0007', '\u0007'],
  ['U+001B', '\u001b'],
];

beforeAll(async () => {
  t = await createTestApp();
  student = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 1 });
  admin = await buildAdmin(t);
  const filed = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: student.token,
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
  const doc = (
    t.app as unknown as { swagger(): { paths: Record<string, Record<string, Operation>> } }
  ).swagger();
  routes = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
      query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      body: op.requestBody?.content['application/json']?.schema,
    })),
  );
});
afterAll(async () => t.close());

const tokenOf = (who: Who) =>
  ({ anon: undefined, student: student.token, warden: warden.token, admin: admin.token })[who];

/** A well-formed value of each path parameter, so the request reaches the part under test. */
const PARAM_VALUES: Record<string, () => string> = {
  id: () => String(complaint.id),
  complaintId: () => String(complaint.id),
  token: () => complaint.token,
  target: () => 'all',
  // CONTRACT 7.1, 7.2: a year and a committee the routes take
  year: () => '2099',
  committee: () => 'icc',
};

/** Valid bodies of the routes that write: without the rule, these would be stored. */
const FIXTURES: Record<string, () => Record<string, unknown>> = {
  'POST /api/auth/student-signup': () => ({
    name: 'Asha Verma',
    rollNo: `BTECH/C${freshIp().replace(/\./g, '')}/23`,
    email: `control${freshIp().replace(/\./g, '')}@bitmesra.ac.in`,
    mobile: '9876543210',
    session: '2023-27',
    department: 'Computer Science',
    password: 'password123',
  }),
  'POST /api/auth/authority-signup': () => ({
    name: 'R. K. Sinha',
    email: `warden${freshIp().replace(/\./g, '')}@example.org`,
    mobile: '9876543210',
    designation: 'Warden',
    department: 'Hostels',
    hostelNo: 1,
    password: 'password123',
  }),
  'POST /api/complaints': () => ({
    type: 'Hostel',
    hostelNo: 1,
    roomNo: '101',
    subType: 'Plumbing',
    description: 'The tap leaks',
  }),
  'PUT /api/complaints/{id}': () => ({ status: 'In Progress', remarks: 'On it' }),
  'POST /api/complaints/{id}/messages': () => ({ body: 'Any update on this?' }),
  'POST /api/complaints/{id}/reopen': () => ({ reason: 'Still broken' }),
  'POST /api/incidents': () => ({
    title: 'Water off in hostel 1',
    type: 'Hostel',
    hostelNo: 1,
    subType: 'Plumbing',
  }),
  'POST /api/incidents/{id}/join': () => ({ roomNo: '102', description: 'No water here either' }),
  'PUT /api/incidents/{id}': () => ({ status: 'In Progress', remarks: 'Plumber called' }),
  'PUT /api/me/profile': () => ({ mobile: '9876543210', hostelNo: 1, roomNo: '101' }),
  'POST /api/feedback': () => ({ complaintId: complaint.id, rating: 4, comments: 'Good' }),
  'POST /api/me/push-subscriptions': () => ({
    endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
    keys: { p256dh: `B${'A'.repeat(86)}`, auth: `${'A'.repeat(21)}A` },
  }),
};

/** A value the schema takes, as far as its JSON Schema says (patterns aside). */
function sample(schema: Schema): unknown {
  const branch = schema.oneOf?.[0] ?? schema.anyOf?.[0] ?? schema.allOf?.[0];
  if (branch) return sample(branch);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties)
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]));
  if (type === 'array') return schema.items ? [sample(schema.items)] : [];
  if (type === 'integer' || type === 'number') return schema.minimum ?? 1;
  if (type === 'boolean') return true;
  return 'a'.repeat(Math.max(schema.minLength ?? 1, 1));
}

const takesText = (schema: Schema): boolean =>
  schema.type === 'string' ||
  (Array.isArray(schema.type) && schema.type.includes('string')) ||
  [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(takesText);

/** The path of every text field in a body's schema: nested objects and array items included. */
function textPaths(schema: Schema, at: (string | number)[] = []): (string | number)[][] {
  if (takesText(schema) && !schema.properties) return [at];
  const branch =
    schema.oneOf?.[0] ?? schema.allOf?.[0] ?? (schema.properties ? undefined : schema.anyOf?.[0]);
  if (branch) return textPaths(branch, at);
  if (schema.properties)
    return Object.entries(schema.properties).flatMap(([k, s]) => textPaths(s, [...at, k]));
  if (schema.items) return textPaths(schema.items, [...at, 0]);
  return [];
}

/** `body` with `value` at `path`, the objects and arrays on the way made when missing. */
function withValue(body: Record<string, unknown>, path: (string | number)[], value: string) {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  path.forEach((key, i) => {
    if (i === path.length - 1) node[key] = value;
    else {
      if (node[key] === null || typeof node[key] !== 'object')
        node[key] = typeof path[i + 1] === 'number' ? [] : {};
      node = node[key] as Record<string | number, unknown>;
    }
  });
  return copy;
}

const urlOf = (route: Route, params: Record<string, string> = {}) =>
  route.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? PARAM_VALUES[name]?.() ?? '1');

/** Row counts of every table of the database and the counters' sum, in one statement. */
async function everyTableCount(): Promise<Record<string, number>> {
  const tables = (await t.ctx.database.db.introspection.getTables()).map((tb) => tb.name).sort();
  const cols = tables.map((n) => sql`(select count(*) from ${sql.table(n)}) as ${sql.ref(n)}`);
  const { rows } = await sql<
    Record<string, unknown>
  >`select ${sql.join(cols)}, (select coalesce(sum(value), 0) from counters) as counter_sum`.execute(
    t.ctx.database.db,
  );
  return Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
}

/**
 * Sends a request as each kind of user in turn until one gets past the route's guard (an answer
 * other than 401 and 403): the rule is judged after the session, as every input is.
 */
async function sendPastGuard(method: string, url: string, payload?: unknown): Promise<Res & { who: Who }> {
  let last: (Res & { who: Who }) | undefined;
  for (const who of ['anon', 'student', 'warden', 'admin'] as const) {
    const res = await t.request({
      method: method as 'GET',
      url,
      token: tokenOf(who),
      remoteAddress: freshIp(),
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    last = { ...res, who };
    if (res.status !== 401 && res.status !== 403) return last;
  }
  if (!last) throw new Error('no request sent');
  return last;
}

function expectRefused(label: string, res: Res, field: string) {
  const shown = `${label}: ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`;
  expect(res.status, shown).toBe(400);
  expect(res.body?.message, shown).toBe(controlCharacterMessage(field));
  expect(res.body?.errors?.[0]?.field, shown).toBe(field);
}

describe('control characters in any text a client sends (CONTRACT 6.7)', () => {
  it('finds the routes that take text in the app itself', () => {
    const withBody = routes.filter((r) => r.body && textPaths(r.body).length > 0);
    const withQuery = routes.filter((r) => r.query.length > 0);
    // the walk reaches what it must: filing, messages, sign-in, and the searchable lists and export
    expect(withBody.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/complaints',
        'POST /api/complaints/{id}/messages',
        'POST /api/auth/student-login',
      ]),
    );
    expect(withQuery.filter((r) => r.query.includes('q')).map((r) => r.path)).toEqual(
      expect.arrayContaining([
        '/api/complaints/student',
        '/api/complaints/authority',
        '/api/complaints/admin/all',
        '/api/complaints/admin/export.csv',
      ]),
    );
  });

  it("refuses a control character in every text field of every route's JSON body with 400 naming it, writing nothing", async () => {
    let cases = 0;
    for (const route of routes) {
      if (!route.body) continue;
      const name = `${route.method} ${route.path}`;
      const valid = (FIXTURES[name]?.() ?? sample(route.body)) as Record<string, unknown>;
      const before = await everyTableCount();
      for (const path of textPaths(route.body)) {
        for (const [label, c] of CONTROLS) {
          const res = await sendPastGuard(route.method, urlOf(route), withValue(valid, path, `ab${c}cd`));
          expectRefused(`${name} ${path.join('.')} with ${label} as ${res.who}`, res, path.join('.'));
          cases++;
        }
      }
      expect(await everyTableCount(), `${name}: nothing written`).toEqual(before);
    }
    expect(cases).toBeGreaterThan(50);
  });

  it('refuses a control character in every query parameter of every route with 400 naming it', async () => {
    let cases = 0;
    for (const route of routes) {
      if (route.query.length === 0) continue;
      const before = await everyTableCount();
      for (const param of route.query) {
        for (const [label, c] of CONTROLS) {
          const url = `${urlOf(route)}?${param}=${encodeURIComponent(`ab${c}cd`)}`;
          const res = await sendPastGuard(route.method, url);
          expectRefused(`${route.method} ${url} (${label}) as ${res.who}`, res, param);
          expect(String(res.headers['content-type']), url).toContain('application/json');
          cases++;
        }
      }
      expect(await everyTableCount(), `${route.method} ${route.path}: nothing written`).toEqual(before);
    }
    expect(cases).toBeGreaterThan(50);
  });

  it('refuses a control character in every path parameter with 400 naming it', async () => {
    for (const route of routes) {
      for (const param of route.pathParams) {
        const before = await everyTableCount();
        const valid = route.body
          ? (FIXTURES[`${route.method} ${route.path}`]?.() ?? sample(route.body))
          : undefined;
        for (const [label, c] of CONTROLS) {
          const url = urlOf(route, { [param]: encodeURIComponent(`1${c}`) });
          const res = await sendPastGuard(route.method, url, valid);
          // a route without a schema for its path would let it through to a 404: no route has none
          expectRefused(`${route.method} ${url} (${label}) as ${res.who}`, res, param);
        }
        expect(await everyTableCount(), `${route.method} ${route.path}: nothing written`).toEqual(before);
      }
    }
  });

  it('refuses a control character in a key of a body or a query string, naming it escaped', async () => {
    const body = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: student.token,
      payload: { ...FIXTURES['POST /api/complaints']?.(), 'x\u0000y': 'z' },
    });
    expectRefused('a key of the body', body, 'x\\u0000y');
    const query = await t.request({
      method: 'GET',
      url: '/api/complaints/student?a%07=1',
      token: student.token,
    });
    expectRefused('a key of the query', query, 'a\\u0007');
  });

  it("refuses a control character in each of the notice form's fields with 400 naming it, posting nothing", async () => {
    const valid = { title: 'Water supply', message: 'Off from 10 to 12', hostel: 'all' };
    const before = await everyTableCount();
    for (const field of Object.keys(valid)) {
      for (const [label, c] of CONTROLS) {
        const res = await t.request({
          method: 'POST',
          url: '/api/notifications',
          token: admin.token,
          ...(await multipart({ ...valid, [field]: `ab${c}cd` }, { name: 'menu.pdf', data: SMALL_PDF })),
        });
        expectRefused(`notice ${field} with ${label}`, res, field);
      }
    }
    expect(await everyTableCount()).toEqual(before);
  });

  it('keeps tabs and line breaks in a description, a message and a notice', async () => {
    const description = 'The tap leaks\tbadly\r\nsince Monday\nand at night';
    const filed = await t.request({
      method: 'POST',
      url: '/api/complaints',
      token: student.token,
      payload: { type: 'Hostel', hostelNo: 1, roomNo: '101', subType: 'Plumbing', description },
    });
    expect(filed.status).toBe(201);
    const read = await t.request({
      method: 'GET',
      url: `/api/complaints/${filed.body.token}`,
      token: student.token,
    });
    expect(read.body.complaint?.description ?? read.body.data?.description).toBe(description);
    const message = await t.request({
      method: 'POST',
      url: `/api/complaints/${filed.body.complaint.id}/messages`,
      token: student.token,
      payload: { body: 'Line one\nline two\ttabbed' },
    });
    expect(message.status).toBe(201);
    const notice = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: admin.token,
      ...(await multipart({ title: 'Water supply', message: 'Off from 10\nto 12', hostel: 'all' })),
    });
    expect(notice.status).toBe(201);
    // a search with a tab is a search of two words, not a refusal
    const search = await t.request({
      method: 'GET',
      url: '/api/complaints/student?q=tap%09leaks',
      token: student.token,
    });
    expect(search.status).toBe(200);
  });
});
