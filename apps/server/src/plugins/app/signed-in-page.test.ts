import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { complaintRequest, EMBEDDED_ANSWERS_ID, SESSION_REQUEST } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { multipart } from '../../../test/multipart';
import { jsonForScript } from './signed-in-page';

// the shell as the web build writes it (apps/web/index.html): a heading's bar and three cards
const INDEX = [
  '<!doctype html><html><head><title>BIT</title></head><body><div id="root"><main>',
  '<div class="shell-line"></div>',
  '<div class="shell-card"></div>\n          <div class="shell-card"></div>\n          <div class="shell-card"></div>',
  '</main></div><script type="module" src="/assets/index.js"></script></body></html>',
].join('');

const HOSTILE = '</script><script>alert(1)</script> <img src=x onerror=alert(2)> & \u2028 "quoted"';

let t: TestApp;
let owner: Built;
let otherStudent: Built;
let warden: Built;
let admin: Built;
let complaintToken: string;

beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  t = await createTestApp({ config: { webDist } });
  owner = await buildStudent(t);
  otherStudent = await buildStudent(t);
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3, name: 'Meera <Warden> & Co' });
  admin = await buildAdmin(t);
  const filed = await t.request({
    method: 'POST',
    url: '/api/complaints',
    token: owner.token,
    payload: { type: 'Hostel', hostelNo: 3, roomNo: 'A-101', subType: 'Plumbing', description: HOSTILE },
  });
  expect(filed.status).toBe(201);
  complaintToken = filed.body.complaint.token;
});
afterAll(() => t.close());

/** A page as a browser loads it: the session in its cookie, never a bearer token. */
async function load(url: string, session?: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...headers, ...(session ? { cookie: `session=${session}` } : {}) },
  });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/html');
  return { html: res.body, cache: res.headers['cache-control'] };
}

const open = (query: string, session?: string) => load(`/complaint-status${query}`, session);

/** What the page hands the app in one of its JSON scripts, parsed as the app parses it. */
function script(html: string, id: string) {
  const m = new RegExp(`<script type="application/json" id="${id}">([^<]*)</script>`).exec(html);
  return m ? JSON.parse(m[1] as string) : undefined;
}
/** The page answers: the page's one carrier of data, by the address the app asks at. */
const answersOf = (html: string) => script(html, EMBEDDED_ANSWERS_ID);
/** The signed-in user the page carries: its answer to check-auth. */
const sessionOf = (html: string) => answersOf(html)?.[`/api${SESSION_REQUEST}`];
/** The status page's complaint: its answer to GET /api/complaints/:token, for whichever token. */
function embedded(html: string) {
  const answers = answersOf(html) ?? {};
  const found = Object.keys(answers).filter((k) => /^\/api\/complaints\/[^/?]+$/.test(k));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0] === undefined ? undefined : answers[found[0]].data;
}

const SESSION = `/api${SESSION_REQUEST}`;

describe('a page opened with a session cookie', () => {
  it('carries the signed-in user as check-auth answers it, and is stored by no cache', async () => {
    for (const who of [owner, warden, admin]) {
      const { html, cache } = await load('/team', who.token);
      const check = await t.request({ method: 'GET', url: '/api/auth/check-auth', token: who.token });
      expect(sessionOf(html)).toEqual(check.body);
      expect(cache).toBe('no-store');
    }
  });

  it("writes a heading that names the user into the shell, as text, only on that user's own screen", async () => {
    expect((await load('/student-dashboard', owner.token)).html).toContain(
      `<h1 class="shell-heading">Welcome, ${owner.user.name}</h1>`,
    );
    const dashboard = (await load('/authority-dashboard', warden.token)).html;
    expect(dashboard).toContain('<h1 class="shell-heading">Welcome, Meera &#60;Warden&#62; &#38; Co</h1>');
    expect(dashboard).not.toContain('<Warden>');
    expect((await load('/manage-complaints', warden.token)).html).toContain(
      '<h1 class="shell-heading">Hostel 3 Complaints</h1>',
    );
    // a screen that is not theirs (the app sends them on): the grey bar, as built
    for (const [url, who] of [
      ['/student-dashboard', warden],
      ['/manage-complaints', owner],
      ['/authority-dashboard', admin],
    ] as const) {
      const { html } = await load(url, who.token);
      expect(html, url).not.toContain('shell-heading');
      expect(html, url).toContain('<div class="shell-line"></div>');
    }
  });

  it("carries the API's own answers to what the screen asks first, by the address the app asks them at", async () => {
    const cases = [
      [
        owner,
        '/student-dashboard',
        [
          SESSION,
          '/api/config',
          '/api/complaints/student?page=1&pageSize=20',
          // the open incidents of the college (and of their hostel, had their profile one: CONTRACT 6.1)
          '/api/incidents/open?type=College',
          // their grievances (CONTRACT 7.2)
          '/api/grievances?page=1&pageSize=20',
        ],
      ],
      [
        owner,
        '/student-notifications',
        [SESSION, '/api/config', '/api/notifications/all?page=1&pageSize=10'],
      ],
      [
        warden,
        '/manage-complaints',
        [SESSION, '/api/config', '/api/complaints/authority?page=1&pageSize=20'],
      ],
      [
        warden,
        '/authority-dashboard',
        [SESSION, '/api/config', '/api/complaints/authority?page=1&pageSize=5', '/api/incidents/groups'],
      ],
      [warden, '/notifications', [SESSION, '/api/config', '/api/notifications?page=1&pageSize=10']],
      [
        admin,
        '/admin-dashboard',
        [
          SESSION,
          '/api/config',
          '/api/complaints/admin/stats',
          '/api/feedback?page=1&pageSize=5',
          // the committees, for the warning of those without members (CONTRACT 7.2)
          '/api/committees',
        ],
      ],
      [admin, '/view-complaints', [SESSION, '/api/config', '/api/complaints/admin/all?page=1&pageSize=20']],
      // a screen that is not theirs, and one opened with filters: only what every screen asks
      [owner, '/manage-complaints', [SESSION, '/api/config']],
      [warden, '/manage-complaints?status=Pending', [SESSION, '/api/config']],
    ] as const;
    for (const [who, url, asked] of cases) {
      const answers = script((await load(url, who.token)).html, EMBEDDED_ANSWERS_ID);
      expect(Object.keys(answers).sort(), url).toEqual([...asked].sort());
      for (const address of asked) {
        const api = await t.request({ method: 'GET', url: address, token: who.token });
        expect(answers[address], address).toEqual(api.body);
      }
    }
    // the warden's list holds the complaint filed in hostel 3, its hostile text as data
    const list = script((await load('/manage-complaints', warden.token)).html, EMBEDDED_ANSWERS_ID);
    expect(list['/api/complaints/authority?page=1&pageSize=20'].data[0].description).toBe(HOSTILE);
  });

  it("shows a list screen's first entries in the shell, as text, in place of the skeleton's cards", async () => {
    const { html } = await load('/manage-complaints', warden.token);
    const shown = /<ul class="shell-list">([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? '';
    expect(shown).toContain(`<span class="shell-mono">${complaintToken}</span><span>Pending</span>`);
    expect(shown).toContain('<p>Plumbing · Hostel 3, room A-101</p>');
    expect(shown).toContain('&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain('shell-card');
    expect(html).not.toContain('<img');
    // a notice screen: the notice's title and text, as text
    const posted = await t.request({
      method: 'POST',
      url: '/api/notifications',
      ...(await multipart({ title: 'Water <b>off</b>', message: HOSTILE, hostel: '3' })),
      token: warden.token,
    });
    expect(posted.status, JSON.stringify(posted.body)).toBe(201);
    const notices = (await load('/notifications', warden.token)).html;
    const noticeList = /<ul class="shell-list shell-notices">([\s\S]*?)<\/ul>/.exec(notices)?.[1] ?? '';
    expect(noticeList).toContain('<p class="shell-item-title">Water &#60;b&#62;off&#60;/b&#62;</p>');
    expect(noticeList).toContain('&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(notices).not.toContain('shell-card');
    // opened with filters, the list the page would show is not the first page: the skeleton, as built
    const filtered = (await load('/manage-complaints?status=Resolved', warden.token)).html;
    expect(filtered).not.toContain('shell-list');
    expect(filtered).toContain('shell-card');
  });

  it("is the page as built for the service worker's own fetch of its shell, which it keeps", async () => {
    const { html, cache } = await load('/', owner.token, {
      'sec-fetch-dest': 'empty',
      'sec-fetch-mode': 'cors',
    });
    expect(html).toBe(INDEX);
    expect(cache).toBe('no-cache');
    // a page load, the browser's own or passed on by the worker
    for (const dest of ['document', 'empty']) {
      const page = await load('/', owner.token, { 'sec-fetch-dest': dest, 'sec-fetch-mode': 'navigate' });
      expect(sessionOf(page.html)?.user.id, dest).toBe(owner.id);
    }
  });

  it('is the page as built without a session or with a dead one', async () => {
    for (const session of [undefined, 'not-a-live-session']) {
      const { html, cache } = await load('/student-dashboard', session);
      expect(html).toBe(INDEX);
      expect(cache).toBe('no-cache');
    }
  });
});

describe('the status page opened with a session cookie', () => {
  it('carries the complaint as the API answers it, its summary in the shell, and is stored by no cache', async () => {
    const { html, cache } = await open(`?token=${complaintToken}`, owner.token);
    const api = await t.request({
      method: 'GET',
      url: `/api/complaints/${complaintToken}`,
      token: owner.token,
    });
    expect(embedded(html)).toEqual(api.body.data);
    expect(html).toContain(`<h2>Complaint <span class="shell-mono">${complaintToken}</span></h2>`);
    expect(html).toContain('<dt>Status</dt><dd>Pending</dd>');
    expect(html).toContain('<dt>Filed on</dt><dd>15 Jan 2026, 15:30 IST</dd>');
    expect(html).not.toContain('shell-card');
    expect(cache).toBe('no-store');
  });

  it('carries its first data in one place, the page answers: the session and the complaint are entries of it', async () => {
    const { html } = await open(`?token=${complaintToken}`, owner.token);
    expect(html.match(/<script type="application\/json"[^>]*>/g)).toEqual([
      `<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">`,
    ]);
    expect(Object.keys(answersOf(html)).sort()).toEqual(
      [SESSION, '/api/config', `/api${complaintRequest(complaintToken)}`].sort(),
    );
  });

  it('writes hostile text as text in the summary and as escaped JSON in the script', async () => {
    const { html } = await open(`?token=${complaintToken}`, owner.token);
    // the only elements are the page's own: one module script, the one JSON script, no image
    expect(html.match(/<script/g)).toHaveLength(2);
    expect(html).not.toContain('<img');
    expect(html).toContain('&#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(embedded(html).description).toBe(HOSTILE);
    expect(jsonForScript({ d: HOSTILE })).not.toMatch(/[<>&\u2028]/);
  });

  it('is the page as built for an authority in scope too, with what the API tells them', async () => {
    const { html } = await open(`?token=${complaintToken}`, warden.token);
    const api = await t.request({
      method: 'GET',
      url: `/api/complaints/${complaintToken}`,
      token: warden.token,
    });
    expect(embedded(html)).toEqual(api.body.data);
  });

  it("tells another student nothing of someone else's complaint", async () => {
    const { html } = await open(`?token=${complaintToken}`, otherStudent.token);
    expect(embedded(html)).toBeUndefined();
    expect(html).not.toContain('alert(1)');
    expect(html).toContain('shell-card');
  });

  it('has no complaint without a session, with a dead session, or without a usable token', async () => {
    for (const [query, session] of [
      [`?token=${complaintToken}`, undefined],
      [`?token=${complaintToken}`, 'not-a-live-session'],
      ['', owner.token],
      ['?token=', owner.token],
      ['?token=CMP-NOSUCHONE', owner.token],
      [`?token=${'x'.repeat(5000)}`, owner.token],
      ['?token=%E0%A4%A', owner.token],
      [`?token[]=${complaintToken}`, owner.token],
    ] as const) {
      const { html } = await open(query, session);
      expect(embedded(html), query).toBeUndefined();
      expect(html).toContain('shell-card');
    }
  });

  it('reads the first token, trimmed, as the app does', async () => {
    const { html } = await open(`?token=%20${complaintToken}%20&token=CMP-OTHER`, owner.token);
    expect(answersOf(html)[`/api${complaintRequest(complaintToken)}`].data.token).toBe(complaintToken);
  });
});
