import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart, SMALL_PDF } from '../../../test/multipart';
import { safePdfName } from '../../services/notices/notices';

let t: TestApp;
let admin: Built;
let warden: Built;
beforeAll(async () => {
  t = await createTestApp();
  admin = await buildAdmin(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
});
afterAll(async () => t.close());

async function post(
  user: Built | null,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
) {
  return t.request({
    method: 'POST',
    url: '/api/notifications',
    ...(await multipart(fields, file)),
    token: user?.token,
  });
}

const notice = (hostel: string, title = `Notice for ${hostel}`) => ({
  title,
  message: 'Water supply off 10-12',
  hostel,
});
const titles = (res: { body: { data: { title: string }[] } }) => res.body.data.map((n) => n.title);

describe('posting notices', () => {
  it('lets an authority post a notice and answers it with its author', async () => {
    const res = await post(warden, notice('3', 'Plain notice'));
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Notification posted!');
    expect(res.body.data).toMatchObject({
      title: 'Plain notice',
      hostel: '3',
      pdfUrl: null,
      pdfName: null,
      postedBy: { id: warden.id, name: warden.user.name, role: 'authority', designation: 'Warden' },
    });
  });

  it("lists the poster's designation with the notice, and none for an admin's (issue 33 row 19)", async () => {
    const res = await post(admin, notice('all', 'From the office'));
    expect(res.status).toBe(201);
    expect(res.body.data.postedBy).toEqual({
      id: admin.id,
      name: admin.user.name,
      role: 'admin',
      designation: null,
    });
    const list = await t.request({ method: 'GET', url: '/api/notifications/3' });
    const posters = Object.fromEntries(
      (list.body.data as { title: string; postedBy: { designation: string | null } }[]).map((n) => [
        n.title,
        n.postedBy.designation,
      ]),
    );
    expect(posters).toMatchObject({ 'Plain notice': 'Warden', 'From the office': null });
  });

  it('refuses a student with 403 and an anonymous visitor with 401', async () => {
    const s = await buildStudent(t);
    expect((await post(s, notice('all'))).status).toBe(403);
    expect((await post(null, notice('all'))).status).toBe(401);
  });

  it('refuses an authority still awaiting approval with 403', async () => {
    const pending = await buildAuthority(t, 'Warden', { hostelNo: 7, approved: false });
    const res = await post(pending, notice('7'));
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/approval/);
  });

  it('answers 400 with the first failing rule for bad fields', async () => {
    const noTitle = await post(admin, { message: 'm', hostel: 'all' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('Please enter a title');
    const badHostel = await post(admin, { title: 't', message: 'm', hostel: '14' });
    expect(badHostel.status).toBe(400);
    expect(badHostel.body.message).toBe('Target must be all or a hostel number from 1 to 13');
    expect((await post(admin, { title: 'x'.repeat(201), message: 'm', hostel: 'all' })).status).toBe(400);
    expect((await post(admin, { title: 't', message: 'm', hostel: 'all', extra: 'x' })).status).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: admin.token,
      payload: notice('all'),
    });
    expect(json.status).toBe(415);
  });
});

describe('notice audience by designation (CONTRACT 5.8)', () => {
  it('lets a Hostel Clerk or Warden post to their own hostel only, refusing any other audience with 403 and storing nothing', async () => {
    const clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 5 });
    const warden5 = await buildAuthority(t, 'Warden', { hostelNo: 5 });
    for (const poster of [clerk, warden5]) {
      expect((await post(poster, notice('5', `Own ${poster.id}`))).status).toBe(201);
      for (const other of ['all', '6', '13']) {
        const res = await post(poster, notice(other, `Refused ${poster.id} ${other}`));
        expect(res.status).toBe(403);
        expect(res.body).toEqual({ message: 'You can post notices only to your own hostel (Hostel 5)' });
      }
    }
    const every = await t.request({ method: 'GET', url: '/api/notifications?pageSize=100' });
    expect(titles(every).filter((title) => title.startsWith('Refused'))).toEqual([]);
  });

  it('refuses another audience before storing the PDF sent with it', async () => {
    const clerk = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 8 });
    const res = await post(clerk, notice('9', 'Refused with PDF'), { name: 'menu.pdf', data: SMALL_PDF });
    expect(res.status).toBe(403);
    const n = await t.ctx.database.db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('title', '=', 'Refused with PDF')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });

  it('lets the Network Department, Other and admins post to any audience', async () => {
    const network = await buildAuthority(t, 'Network Department');
    const other = await buildAuthority(t, 'Other');
    for (const poster of [network, other, admin]) {
      for (const target of ['all', '1', '13']) {
        expect((await post(poster, notice(target))).status).toBe(201);
      }
    }
  });
});

describe('notice targets', () => {
  it('shows a hostel 3 notice for /3 only, and an all notice for every audience', async () => {
    const local = await createTestApp();
    const prev = t;
    t = local;
    try {
      const a = await buildAdmin(local);
      await post(a, notice('3', 'H3'));
      local.clock.advance(1000);
      await post(a, notice('all', 'ALL'));
      local.clock.advance(1000);
      await post(a, notice('4', 'H4'));
      const get = (path: string) => local.request({ method: 'GET', url: `/api/notifications${path}` });
      expect(titles(await get('/3'))).toEqual(['ALL', 'H3']);
      expect(titles(await get('/4'))).toEqual(['H4', 'ALL']);
      expect(titles(await get('/all'))).toEqual(['ALL']);
      expect(titles(await get(''))).toEqual(['H4', 'ALL', 'H3']);
      const paged = await get('/3?page=2&pageSize=1');
      expect(paged.body).toMatchObject({ count: 2, page: 2, pageSize: 1 });
      expect(titles(paged)).toEqual(['H3']);
      // keyset: the page below the last notice shown, for each audience's query shape
      const ids = (res: Awaited<ReturnType<typeof get>>) => res.body.data.map((n: { id: number }) => n.id);
      const [newest3] = ids(await get('/3?pageSize=1'));
      expect(titles(await get(`/3?page=2&pageSize=1&before=${newest3}`))).toEqual(['H3']);
      const [newestAny] = ids(await get('?pageSize=1'));
      expect(titles(await get(`?page=2&pageSize=2&before=${newestAny}`))).toEqual(['ALL', 'H3']);
      expect(titles(await get(`/all?page=2&before=${newestAny}`))).toEqual(['ALL']);
      expect(titles(await get(`/4?page=2&before=${newestAny}`))).toEqual(['ALL']);
    } finally {
      t = prev;
      await local.close();
    }
  });

  it('answers 400 for an invalid target, never 500', async () => {
    for (const target of ['14', '0', 'ALL', '..%2F', encodeURIComponent('../'), '%00']) {
      const res = await t.request({ method: 'GET', url: `/api/notifications/${target}` });
      expect(res.status, target).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    // the router refuses a path segment over 200 characters before any route runs: 414 URI Too Long
    const huge = await t.request({ method: 'GET', url: `/api/notifications/${'x'.repeat(10_000)}` });
    expect([400, 414]).toContain(huge.status);
    expect(huge.body.message).toBeTruthy();
    expect((await t.request({ method: 'GET', url: '/api/notifications?pageSize=1000' })).status).toBe(400);
    // no list skips more than 50,000 items to reach a page
    expect((await t.request({ method: 'GET', url: '/api/notifications/3?page=2502' })).status).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/notifications?page=2501' })).status).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/notifications/3?page=2502&before=9' })).status).toBe(
      200,
    );
  });
});

describe('PDF attachments', () => {
  it('serves a small PDF back byte-identical, inline, as application/pdf', async () => {
    const res = await post(warden, notice('3', 'With PDF'), { name: 'mess menu.pdf', data: SMALL_PDF });
    expect(res.status).toBe(201);
    const { id, pdfUrl, pdfName } = res.body.data;
    expect(pdfUrl).toBe(`/api/notifications/${id}/pdf`);
    expect(pdfName).toBe('mess menu.pdf');
    const file = await t.app.inject({ method: 'GET', url: pdfUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe('inline; filename="mess menu.pdf"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(Buffer.compare(file.rawPayload, SMALL_PDF)).toBe(0);
  });

  it('refuses a text file named .pdf with 415', async () => {
    const res = await post(warden, notice('3'), { name: 'fake.pdf', data: Buffer.from('hello, not a pdf') });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only PDF files are allowed');
  });

  it('refuses an 11 MiB PDF with 413 and a message', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 0x20);
    SMALL_PDF.copy(big);
    const res = await post(warden, notice('3'), { name: 'big.pdf', data: big });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('The PDF must be at most 10 MB');
  });

  it('accepts a PDF of exactly 10 MiB', async () => {
    const edge = Buffer.alloc(10 * 1024 * 1024, 0x20);
    SMALL_PDF.copy(edge);
    const res = await post(warden, notice('3'), { name: 'edge.pdf', data: edge });
    expect(res.status).toBe(201);
  });

  it('accepts a real PDF under another name but stores a safe .pdf name', async () => {
    const res = await post(warden, notice('3'), {
      name: '../../etc/pass\u0001wd',
      data: SMALL_PDF,
      type: 'text/plain',
    });
    expect(res.status).toBe(201);
    expect(res.body.data.pdfName).toBe('passwd.pdf');
    const unicode = await post(warden, notice('3'), { name: 'सूचना.pdf', data: SMALL_PDF });
    const file = await t.app.inject({ method: 'GET', url: unicode.body.data.pdfUrl });
    expect(file.statusCode).toBe(200);
    expect(String(file.headers['content-disposition'])).toContain("filename*=UTF-8''");
  });

  it('makes safe names from hostile ones', () => {
    expect(safePdfName('C:\\Users\\x\\report.PDF')).toBe('report.PDF');
    expect(safePdfName('')).toBe('notice.pdf');
    expect(safePdfName('my "best"\r\nnotice.pdf')).toBe('my bestnotice.pdf');
    expect(safePdfName('...')).toBe('notice.pdf');
    expect(safePdfName(`${'a'.repeat(300)}.pdf`)).toHaveLength(100);
    expect(safePdfName('a'.repeat(300)).endsWith('.pdf')).toBe(true);
  });

  it('refuses a file under another field name and a second file', async () => {
    const wrong = await post(warden, notice('3'), { name: 'a.pdf', data: SMALL_PDF, field: 'attachment' });
    expect(wrong.status).toBe(400);
    const fd = new FormData();
    for (const [k, v] of Object.entries(notice('3'))) fd.append(k, v);
    fd.append('pdf', new Blob([SMALL_PDF]), 'a.pdf');
    fd.append('pdf', new Blob([SMALL_PDF]), 'b.pdf');
    const r = new Response(fd);
    const two = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: warden.token,
      headers: { 'content-type': r.headers.get('content-type') ?? '' },
      payload: Buffer.from(await r.arrayBuffer()),
    });
    expect(two.status).toBe(413);
  });

  it('treats a file input left blank as no file', async () => {
    const b = 'XyZboundary';
    const parts = Object.entries(notice('3')).map(
      ([k, v]) => `--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
    );
    // what a browser sends for an empty <input type="file">
    parts.push(
      `--${b}\r\nContent-Disposition: form-data; name="pdf"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n\r\n`,
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/notifications',
      token: warden.token,
      headers: { 'content-type': `multipart/form-data; boundary=${b}` },
      payload: `${parts.join('')}--${b}--\r\n`,
    });
    expect(res.status).toBe(201);
    expect(res.body.data.pdfUrl).toBeNull();
    const viaFormData = await post(warden, notice('3'), { name: '', data: new Uint8Array(0) });
    expect(viaFormData.status).toBe(201);
  });

  it('answers 404 for a notice without a PDF and 400 for a bad id', async () => {
    const res = await post(warden, notice('3'));
    expect(
      (await t.request({ method: 'GET', url: `/api/notifications/${res.body.data.id}/pdf` })).status,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/notifications/999999/pdf' })).status).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/notifications/abc/pdf' })).status).toBe(400);
  });
});

describe('deleting notices', () => {
  it('lets an admin delete any notice and an authority its own only', async () => {
    const other = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 3 });
    const s = await buildStudent(t);
    const mine = (await post(warden, notice('3'), { name: 'a.pdf', data: SMALL_PDF })).body.data;
    const del = (id: number, user: Built | null) =>
      t.request({ method: 'DELETE', url: `/api/notifications/${id}`, token: user?.token });

    expect((await del(mine.id, null)).status).toBe(401);
    expect((await del(mine.id, s)).status).toBe(403);
    expect((await del(mine.id, other)).status).toBe(403);
    const own = await del(mine.id, warden);
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ message: 'Notification deleted' });
    expect((await t.request({ method: 'GET', url: mine.pdfUrl })).status).toBe(404);
    expect((await del(mine.id, warden)).status).toBe(404);

    const theirs = (await post(other, notice('3'))).body.data;
    expect((await del(theirs.id, admin)).status).toBe(200);
    expect((await del(999999, admin)).status).toBe(404);
  });
});
