import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page } from '@playwright/test';
import { server } from './server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

export const VERIFY_SUBJECT = /verification code/;
export const RESET_SUBJECT = /password reset code/;

export interface ReceivedMail {
  to: string[];
  subject: string;
  raw: string;
  code: string | undefined;
}

function readMails(): ReceivedMail[] {
  const dir = server().mailDir;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Omit<ReceivedMail, 'code'>)
    .map((m) => ({ ...m, code: /\b(\d{6})\b/.exec(m.subject)?.[1] }));
}

/** Waits for the newest mail to an address (optionally matching a subject) to reach this worker's SMTP sink. */
export async function waitForMail(to: string, subject?: RegExp, after = 0): Promise<ReceivedMail> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const found = readMails()
      .filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
      .slice(after);
    if (found.length > 0) return found[found.length - 1]!;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function countMails(to: string, subject?: RegExp): number {
  return readMails().filter((m) => m.to.includes(to.toLowerCase()) && (!subject || subject.test(m.subject)))
    .length;
}

/** Runs the server CLI (create-admin, seed-demo) against the same database as this worker's server. */
export function runCli(...args: string[]): string {
  const { env } = server();
  return execFileSync(process.execPath, [path.join(root, 'apps/server/dist/cli.js'), ...args], {
    env: { ...process.env, ...env, DATABASE_URL: env.DATABASE_URL ?? '' },
    encoding: 'utf8',
  });
}

let uniq = 0;
export const unique = () => `${Date.now().toString(36)}${(++uniq).toString(36)}`;

/** Keeps a screenshot of the screen as a test artifact under test-results/screens. */
export async function snap(page: Page, name: string) {
  const dir = path.join(root, 'apps/web/test-results/screens', process.env.E2E_DIALECT ?? 'sqlite');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** Collects console errors and CSP violations so a test can assert there were none. */
export function watchConsole(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(String(err)));
  return {
    problems,
    expectClean() {
      expect(problems.filter((p) => !/status of 401/.test(p))).toEqual([]);
    },
  };
}

export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('.Toastify').getByText(text).first()).toBeVisible();
}

/**
 * Closes the open toasts. At the top right they cover the navigation bar's Logout button for their
 * 5 seconds, as they would for a user, who can close them the same way.
 */
export async function dismissToasts(page: Page) {
  // a toast on its way out (closed, or dismissed when its screen was left) is left to go; one may
  // start going while it is clicked, so each round looks again
  const open = page.locator('.Toastify__toast:not([class*="-exit"])');
  await expect(async () => {
    if ((await open.count()) > 0) {
      await open.first().getByRole('button', { name: /close/i }).click({ timeout: 1000 });
    }
    await expect(page.locator('.Toastify__toast')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
}
