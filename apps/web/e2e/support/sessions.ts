import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, request } from '@playwright/test';
import { runCli, unique, waitForMail } from './helpers';

// Users of every role made through the API, and the checks the accessibility specs share.

export const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${process.env.E2E_PORT ?? '3100'}`;
export const PASSWORD = 'secret-pass-123';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

export type TSession = { token: string; name: string; email: string; id: number; api: APIRequestContext };

const contexts: APIRequestContext[] = [];

export async function apiAs(token?: string) {
  const ctx = await request.newContext({
    baseURL,
    extraHTTPHeaders: token ? { Authorization: `Bearer ${token}` } : {},
  });
  contexts.push(ctx);
  return ctx;
}

export async function disposeContexts() {
  await Promise.all(contexts.splice(0).map((c) => c.dispose()));
}

export const mobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

export async function makeStudent(prefix = 'stu'): Promise<TSession> {
  const id = unique();
  const email = `${prefix}-${id}@bitmesra.ac.in`;
  const name = `Student ${id}`;
  const anon = await apiAs();
  const res = await anon.post('/api/auth/student-signup', {
    data: {
      name,
      rollNo: `BTECH/${id}`,
      email,
      mobile: mobile(),
      session: '2023-27',
      department: 'Computer Science',
      password: PASSWORD,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const { code } = await waitForMail(email);
  const verified = await anon.post('/api/auth/verify-email', { data: { email, otp: code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const body = (await verified.json()) as { token: string; user: { id: number } };
  return { token: body.token, name, email, id: body.user.id, api: await apiAs(body.token) };
}

export async function makeAuthority(
  designation: 'Warden' | 'Hostel Clerk' | 'Network Department' | 'Other',
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
  const { code } = await waitForMail(email);
  const verified = await anon.post('/api/auth/verify-authority-email', { data: { email, otp: code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  const body = (await verified.json()) as { token: string; user: { id: number } };
  return { token: body.token, name, email, id: body.user.id, api: await apiAs(body.token) };
}

export async function makeAdmin(): Promise<TSession> {
  const id = unique();
  const email = `admin-${id}@bitmesra.ac.in`;
  const name = `Admin ${id}`;
  runCli('create-admin', '--email', email, '--password', PASSWORD, '--name', name);
  const anon = await apiAs();
  const res = await anon.post('/api/auth/admin-login', { data: { email, password: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const body = (await res.json()) as { token: string; user: { id: number } };
  return { token: body.token, name, email, id: body.user.id, api: await apiAs(body.token) };
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

export async function postNotice(by: TSession, title: string, message: string, hostel = 'all') {
  const res = await by.api.post('/api/notifications', { multipart: { title, message, hostel } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** Signs the browser in before any script of the app runs, as the app does: localStorage 'token'. */
export async function signIn(page: Page, token: string) {
  await page.addInitScript((t) => window.localStorage.setItem('token', t), token);
}

/** axe-core (WCAG 2 A and AA): no serious or critical violation; the rest is printed. */
export async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const explain = (list: typeof results.violations) =>
    list
      .map(
        (v) =>
          `[${v.impact}] ${v.id}: ${v.help}\n${v.nodes
            .slice(0, 5)
            .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`)
            .join('\n')}`,
      )
      .join('\n');
  expect(
    serious.map((v) => v.id),
    `${label}: axe violations\n${explain(serious)}`,
  ).toEqual([]);
}

/** The page does not scroll sideways. */
export async function expectNoHorizontalScroll(page: Page, label: string) {
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => {
    // the outermost elements that stick out on the right, to say what to fix
    const wide: string[] = [];
    for (const el of document.body.querySelectorAll<HTMLElement>('*')) {
      if (el.getBoundingClientRect().right <= window.innerWidth + 1) continue;
      if (el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1)
        continue;
      wide.push(`${el.tagName.toLowerCase()}.${el.className}`.slice(0, 120));
      if (wide.length >= 5) break;
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      wide,
    };
  });
  expect(
    scrollWidth,
    `${label}: page scroll width ${scrollWidth} > ${innerWidth}; sticking out: ${wide.join(' | ')}`,
  ).toBeLessThanOrEqual(innerWidth);
}

/** Every visible link and button in the page is at least 44 by 44 CSS pixels (or inline in text). */
export async function smallTouchTargets(page: Page) {
  return page.evaluate(() => {
    const small: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>(
      'a[href], button, input:not([type=hidden]), select, textarea, [role=radio]',
    )) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      if (el.closest('.sr-only')) continue;
      // a checkbox or radio is reached through its label, which is the target
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        const label = el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null);
        const box = (label?.parentElement ?? label)?.getBoundingClientRect();
        if (box && box.height >= 44) continue;
      }
      // links inside a sentence are exempt (WCAG 2.5.8 inline exception)
      if (el.tagName === 'A' && style.display === 'inline') continue;
      if (r.height < 43.5 || r.width < 43.5) {
        small.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute('aria-label') || '').trim().slice(0, 30)}" ${Math.round(r.width)}x${Math.round(r.height)}`,
        );
      }
    }
    return small;
  });
}
