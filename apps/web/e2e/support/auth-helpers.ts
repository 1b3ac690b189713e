import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { unique, waitForMail } from './helpers';

export const PASSWORD = 'Passw0rd!23';

export type TStudent = { name: string; email: string; rollNo: string; password: string };

export const VERIFY_SUBJECT = /verification code/;
export const RESET_SUBJECT = /password reset code/;

export function newStudent(): TStudent {
  const id = unique();
  return {
    name: `Student ${id}`,
    email: `student.${id}@bitmesra.ac.in`,
    rollNo: `BTECH/${id}`,
    password: PASSWORD,
  };
}

/** A verified student, made through the API (signup, the mailed code, verify). */
export async function createStudent(request: APIRequestContext): Promise<TStudent> {
  const s = newStudent();
  const signup = await request.post('/api/auth/student-signup', {
    data: {
      name: s.name,
      rollNo: s.rollNo,
      email: s.email,
      mobile: '9876543210',
      session: '2023-27',
      department: 'Computer Science',
      password: s.password,
    },
  });
  expect(signup.status(), await signup.text()).toBe(201);
  const mail = await waitForMail(s.email, VERIFY_SUBJECT);
  const verify = await request.post('/api/auth/verify-email', { data: { email: s.email, otp: mail.code } });
  expect(verify.status(), await verify.text()).toBe(200);
  return s;
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

/**
 * Closes the open toasts. At the top right they cover the navigation bar's Logout button for their
 * 5 seconds, as they would for a user, who can close them the same way.
 */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.Toastify__toast');
  for (let n = await toasts.count(); n > 0; n = await toasts.count()) {
    await toasts.first().getByRole('button', { name: /close/i }).click();
    await expect(toasts).toHaveCount(n - 1);
  }
}
