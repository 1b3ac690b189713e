import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { runCli, unique, VERIFY_SUBJECT, waitForMail } from './helpers';
import { server } from './server';

// Users of every role made through the API, signing them in (through the screens or straight into
// localStorage) and the data the specs seed through the API.

/** This worker's server (support/server.ts). */
export const baseURL = server().baseURL;
export const PASSWORD = 'Passw0rd!23';

/** A user signed in through the API, with a request context that sends their token. */
export type TSession = { token: string; name: string; email: string; id: number; api: APIRequestContext };

/** What a student signs up with. */
export type TStudent = { name: string; email: string; rollNo: string; password: string };

type TDesignation = 'Warden' | 'Hostel Clerk' | 'Network Department' | 'Other';
type TSignedIn = { token: string; user: { id: number } };

const contexts: APIRequestContext[] = [];

/**
 * A client address of its own for each API context: the suite signs up more students in an hour than
 * one address may (CONTRACT 5.9: 100 sign-ups an hour per address), so each context is its own client
 * behind the proxy the test server trusts (TRUST_PROXY=127.0.0.1, global-setup.ts). The browser's own
 * requests still come from 127.0.0.1.
 */
const clientAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 254) + 1).join('.')}`;

/** An API request context, anonymous or with a user's token; disposeContexts() closes them all. */
export async function apiAs(token?: string) {
  const ctx = await request.newContext({
    baseURL,
    extraHTTPHeaders: {
      'X-Forwarded-For': clientAddress(),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
  });
  contexts.push(ctx);
  return ctx;
}

export async function disposeContexts() {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
}

export const mobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function toSession(name: string, email: string, { token, user }: TSignedIn): Promise<TSession> {
  return { token, name, email, id: user.id, api: await apiAs(token) };
}

/** Reads the mailed code and sends it to the verify route of the role; answers the signed-in user. */
async function verifyMailedCode(
  api: APIRequestContext,
  route: 'verify-email' | 'verify-authority-email',
  email: string,
): Promise<TSignedIn> {
  const { code } = await waitForMail(email, VERIFY_SUBJECT);
  const verified = await api.post(`/api/auth/${route}`, { data: { email, otp: code } });
  expect(verified.status(), await verified.text()).toBe(200);
  return (await verified.json()) as TSignedIn;
}

/** A new student's details, not yet signed up. */
export function newStudent(prefix = 'student'): TStudent {
  const id = unique();
  return {
    name: `Student ${id}`,
    email: `${prefix}-${id}@bitmesra.ac.in`,
    rollNo: `BTECH/${id}`,
    password: PASSWORD,
  };
}

async function signUpStudent(api: APIRequestContext, s: TStudent): Promise<TSignedIn> {
  const res = await api.post('/api/auth/student-signup', {
    data: {
      name: s.name,
      rollNo: s.rollNo,
      email: s.email,
      mobile: mobile(),
      session: '2023-27',
      department: 'Computer Science',
      password: s.password,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return verifyMailedCode(api, 'verify-email', s.email);
}

/** A verified student, made through the API (signup, the mailed code, verify), to sign in as. */
export async function createStudent(api: APIRequestContext): Promise<TStudent> {
  const s = newStudent();
  await signUpStudent(api, s);
  return s;
}

/** A verified student, signed in through the API. */
export async function makeStudent(prefix = 'stu'): Promise<TSession> {
  const s = newStudent(prefix);
  return toSession(s.name, s.email, await signUpStudent(await apiAs(), s));
}

/** A verified authority, signed in through the API; it awaits an admin's approval (see approve). */
export async function makeAuthority(
  designation: TDesignation,
  hostelNo: number | null = null,
): Promise<TSession> {
  const id = unique();
  const email = `auth-${id}@bitmesra.ac.in`;
  const name = `${designation} ${id}`;
  const anon = await apiAs();
  const res = await anon.post('/api/auth/authority-signup', {
    data: {
      name,
      email,
      mobile: mobile(),
      designation,
      department: designation === 'Other' ? 'Administration' : null,
      hostelNo,
      password: PASSWORD,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return toSession(name, email, await verifyMailedCode(anon, 'verify-authority-email', email));
}

/** An admin made with the CLI's create-admin, signed in through the API. */
export async function makeAdmin(): Promise<TSession> {
  const id = unique();
  const email = `admin-${id}@bitmesra.ac.in`;
  const name = `Admin ${id}`;
  runCli('create-admin', '--email', email, '--password', PASSWORD, '--name', name);
  const res = await (await apiAs()).post('/api/auth/admin-login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return toSession(name, email, (await res.json()) as TSignedIn);
}

export async function approve(admin: TSession, authority: TSession) {
  const res = await admin.api.put(`/api/admin/authorities/${authority.id}`, { data: { approved: true } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function fileComplaint(
  student: TSession,
  data: Record<string, unknown>,
): Promise<{ token: string; id: number }> {
  const res = await student.api.post('/api/complaints', { data });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { token: string; complaint: { id: number } };
  return { token: body.token, id: body.complaint.id };
}

export async function updateComplaint(by: TSession, id: number, status: string, remarks: string) {
  const res = await by.api.put(`/api/complaints/${id}`, { data: { status, remarks } });
  expect(res.ok(), await res.text()).toBe(true);
}

export async function postNotice(by: TSession, title: string, message: string, hostel = 'all') {
  const res = await by.api.post('/api/notifications', { multipart: { title, message, hostel } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Signs the browser in before any script of the app runs, as the app does: localStorage 'token'. */
export async function signIn(page: Page, token: string, opts: { cookie?: boolean } = {}) {
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
  // as a login through the form leaves it too: the session cookie, sent with every page load
  if (opts.cookie) await page.context().addCookies([{ name: 'session', value: token, url: baseURL }]);
}

/** Fills and submits a login screen already open in the page. */
export async function submitLogin(page: Page, email: string, password: string, remember = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  if (remember) await page.getByLabel('Remember me').check();
  await page.getByRole('button', { name: 'Login' }).click();
}

/** Opens a login screen and signs in through it. */
export async function loginThroughUi(
  page: Page,
  kind: 'student' | 'authority' | 'admin',
  email: string,
  password: string,
) {
  await page.goto(`/${kind}-login`);
  await submitLogin(page, email, password);
}
