import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EMBEDDED_ANSWERS_ID, MSG_COMMITTEES, MSG_INCIDENT } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  buildAdmin,
  buildAuthority,
  buildIncident,
  buildStudent,
  incidentOf,
} from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';

// the shell as the web build writes it (apps/web/index.html): a heading's bar and three cards; the
// admin dashboard's fixed heading written in place of the bar (route-headings.json)
const INDEX = [
  '<!doctype html><html><head><title>BIT</title></head><body><div id="root"><main class="shell-main">',
  '<div class="shell-line"></div>',
  '\n          <div class="shell-card"></div>\n          <div class="shell-card"></div>\n          <div class="shell-card"></div>\n',
  '</main></div><script type="module" src="/assets/index.js"></script></body></html>',
].join('');

const HOSTILE_TITLE = 'No water <b>at all</b> & "more"';
const OTHER_HOSTEL_TITLE = 'Hostel five only: lift stuck';

let t: TestApp;
let student: Built;
let quietStudent: Built;
let warden: Built;
let admin: Built;

beforeAll(async () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'bitc-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(
    path.join(webDist, 'route-headings.json'),
    JSON.stringify({ '/admin-dashboard': 'Admin Dashboard' }),
  );
  t = await createTestApp({ config: { webDist } });
  student = await buildStudent(t, { hostel_no: 3, name: 'Aarav <i>Sharma</i>' });
  quietStudent = await buildStudent(t, { hostel_no: 7 });
  warden = await buildAuthority(t, 'Warden', { hostelNo: 3 });
  admin = await buildAdmin(t);
  await buildIncident(
    t,
    warden,
    incidentOf(HOSTILE_TITLE, { type: 'Hostel', hostelNo: 3, subType: 'Plumbing' }),
  );
  const warden5 = await buildAuthority(t, 'Warden', { hostelNo: 5 });
  await buildIncident(
    t,
    warden5,
    incidentOf(OTHER_HOSTEL_TITLE, { type: 'Hostel', hostelNo: 5, subType: 'Fan' }),
  );
});
afterAll(() => t.close());

/** A page as a browser loads it, with the session cookie. */
async function load(url: string, session: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: `session=${session}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The page's shell: its <main>, without the page answers' JSON. */
const shellOf = (html: string) => /<main class="shell-main">([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';

const count = (text: string, part: string) => text.split(part).length - 1;

describe("the student dashboard's first view, drawn by the server", () => {
  it('has the top of the screen: the greeting, the roll number and the way to file, as text', async () => {
    const shell = shellOf(await load('/student-dashboard', student.token));
    expect(shell).toContain(
      [
        '<div class="shell-top"><div>',
        '<h1 class="shell-heading">Welcome, Aarav &#60;i&#62;Sharma&#60;/i&#62;</h1>',
        `<p class="shell-note">Roll number: ${student.user.rollNo}</p>`,
        '</div><a class="shell-button" href="/file-complaint">File New Complaint</a></div>',
      ].join(''),
    );
    expect(shell).not.toContain('<i>');
    expect(shell).not.toContain('<div class="shell-line">');
    // the rest of the screen is still to come
    expect(count(shell, '<div class="shell-card"></div>')).toBe(1);
  });

  it("has its known problems, the screen's texts, one line for each incident the API tells the student of", async () => {
    const html = await load('/student-dashboard', student.token);
    const shell = shellOf(html);
    expect(shell).toContain(
      `<h2>${MSG_INCIDENT.knownProblems}</h2><p>${MSG_INCIDENT.knownProblemsIntro}</p>`,
    );
    const told = await t.request({
      method: 'GET',
      url: '/api/incidents/open?type=Hostel&hostelNo=3',
      token: student.token,
    });
    expect(told.body.data).toHaveLength(1);
    const [incident] = told.body.data;
    expect(shell).toContain(
      [
        '<li><span><b>No water &#60;b&#62;at all&#60;/b&#62; &#38; &#34;more&#34;</b>',
        `<span class="shell-muted"> · Plumbing in Hostel 3 · ${incident.affected} affected</span></span>`,
        `<span class="shell-pill shell-yellow">${incident.status}</span></li>`,
      ].join(''),
    );
    expect(count(shell, '<li>')).toBe(1);
    expect(shell).not.toContain('<b>at all</b>');
    // nothing the API does not tell them: another hostel's incident is nowhere in the page
    expect(html).not.toContain(OTHER_HOSTEL_TITLE);
    // the app's first data, beside it, as before
    expect(html).toContain(`<script type="application/json" id="${EMBEDDED_ANSWERS_ID}">`);
  });

  it('has no known problems card when the student has none to see', async () => {
    const shell = shellOf(await load('/student-dashboard', quietStudent.token));
    expect(shell).toContain('<div class="shell-top">');
    expect(shell).not.toContain('shell-box');
  });

  it('is the skeleton as built for anyone but a student', async () => {
    for (const who of [warden, admin]) {
      const shell = shellOf(await load('/student-dashboard', who.token));
      expect(shell).not.toContain('shell-top');
      expect(shell).toContain('<div class="shell-line"></div>');
      expect(count(shell, '<div class="shell-card"></div>')).toBe(3);
    }
  });
});

describe("the admin dashboard's first view, drawn by the server", () => {
  const appoint = (committee: string) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/committees/${committee}`,
      token: admin.token,
      payload: { members: [{ userId: warden.id, chair: true }] },
    });

  it('has its heading, the greeting, the quick links and the warning of the committees without members, as the API tells them', async () => {
    const committees = await t.request({ method: 'GET', url: '/api/committees' });
    const names: string[] = committees.body.data.map((c: { name: string }) => c.name);
    expect(names).toHaveLength(4);
    const shell = shellOf(await load('/admin-dashboard', admin.token));
    expect(shell).toContain(
      [
        '<h1 class="shell-heading">Admin Dashboard</h1>',
        `<p class="shell-lead">Welcome, ${admin.user.name}</p>`,
        '<nav aria-label="Quick links" class="shell-links">',
        '<a class="shell-button" href="/notifications">Post Notification</a>',
        '<a class="shell-button shell-secondary" href="/view-complaints">View All Complaints</a>',
        '<a class="shell-button shell-secondary" href="/view-complaints?type=College">College Complaints</a>',
        '<a class="shell-button shell-secondary" href="/view-complaints?overdue=true">Overdue Complaints</a>',
        '<a class="shell-button shell-secondary" href="/reports">Reports</a>',
        '<a class="shell-button shell-secondary" href="/manage-authorities">Manage Authorities</a>',
        '</nav>',
        `<section class="shell-warning"><h2>${MSG_COMMITTEES.noMembersTitle}</h2>`,
        `<p>${MSG_COMMITTEES.noMembers(names).replace(/'/g, '&#39;')}</p>`,
        `<ul>${names.map((n) => `<li>${n.replace(/'/g, '&#39;')}</li>`).join('')}</ul></section>`,
        '<div class="shell-card"></div>',
      ].join(''),
    );
  });

  it('names only the committees still without members, and none once every one has them', async () => {
    expect((await appoint('sgrc')).status).toBe(200);
    const sgrc = 'Students&#39; Grievance Redressal Committee';
    const warning = /<section class="shell-warning">[\s\S]*?<\/section>/.exec(
      shellOf(await load('/admin-dashboard', admin.token)),
    )?.[0];
    expect(warning).toContain('<li>');
    expect(warning).not.toContain(sgrc);
    for (const committee of ['ombudsperson', 'anti-ragging', 'icc'])
      expect((await appoint(committee)).status, committee).toBe(200);
    const shell = shellOf(await load('/admin-dashboard', admin.token));
    expect(shell).not.toContain('shell-warning');
    expect(shell).toContain(`<p class="shell-lead">Welcome, ${admin.user.name}</p>`);
  });

  it('is the page as built for anyone but an admin', async () => {
    const shell = shellOf(await load('/admin-dashboard', student.token));
    expect(shell).toContain('<h1 class="shell-heading">Admin Dashboard</h1>');
    expect(shell).not.toContain('shell-lead');
    expect(count(shell, '<div class="shell-card"></div>')).toBe(3);
  });
});
