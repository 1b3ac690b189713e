import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { MSG } from '../../../packages/contract/src/messages';
import { expectToast, snap, unique } from './support/helpers';
import {
  approve,
  baseURL,
  disposeContexts,
  loginThroughUi,
  makeAdmin,
  makeAuthority,
  PASSWORD,
  type TSession,
} from './support/sessions';

// Cross-site request forgery from the same site (CONTRACT 5.9): a page on another port of
// 127.0.0.1 is the same site as the app, so SameSite=Lax lets the warden's session cookie ride
// along on its forms. The review's page auto-posted a notice that way and got 201.

/** A page on another port of the app's host whose form posts a notice to the app as soon as it loads. */
function startAttackerSite(title: string): Promise<{ url: string; close(): Promise<void> }> {
  const target = `${baseURL}/api/notifications`;
  const page = `<!doctype html><title>Free hostel wifi</title>
<form method="post" action="${target}" enctype="multipart/form-data">
  <input name="title" value="${title}">
  <input name="message" value="The mess is closed today">
  <input name="hostel" value="all">
</form>
<script>document.forms[0].submit()</script>`;
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}/`,
        close: () => new Promise<void>((r) => server.close(() => r())),
      });
    });
  });
}

async function noticeTitles(warden: TSession): Promise<string[]> {
  const res = await warden.api.get('/api/notifications');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { title: string }[] }).data.map((n) => n.title);
}

test.describe
  .serial('a form on another port of the same host', () => {
    let warden: TSession;

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      warden = await makeAuthority('Warden', 4);
      await approve(admin, warden);
    });

    test.afterAll(disposeContexts);

    test('cannot post a notice with a signed-in warden’s cookie: 403, and no notice exists', async ({
      page,
      context,
    }) => {
      // signed in through the login screen, so the browser holds the session cookie
      await loginThroughUi(page, 'authority', warden.email, PASSWORD);
      await expectToast(page, MSG.loginSuccess);
      expect((await context.cookies(baseURL)).some((c) => c.name === 'session')).toBe(true);

      const title = `Forged ${unique()}`;
      const attacker = await startAttackerSite(title);
      try {
        const answer = page.waitForResponse(
          (r) => r.url() === `${baseURL}/api/notifications` && r.request().method() === 'POST',
        );
        await page.goto(attacker.url);
        const res = await answer;
        const sent = await res.request().allHeaders();
        // the browser did send the cookie: SameSite=Lax alone would have let the post through
        expect(sent.cookie ?? '').toMatch(/\bsession=/);
        expect(sent.origin).toBe(new URL(attacker.url).origin);
        expect(res.status()).toBe(403);
        expect(await res.json()).toEqual({ message: MSG.crossSiteRefused });
        await snap(page, 'csrf-refused');
      } finally {
        await attacker.close();
      }
      expect(await noticeTitles(warden)).not.toContain(title);
    });

    test('the same warden still posts a notice through the app’s own page', async ({ page }) => {
      await loginThroughUi(page, 'authority', warden.email, PASSWORD);
      await expectToast(page, MSG.loginSuccess);
      await page.goto('/notifications');
      const title = `Mess timings ${unique()}`;
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Message').fill('Dinner moves to 8 pm');
      await page.getByRole('button', { name: 'Post', exact: true }).click();
      await expectToast(page, MSG.notificationPosted);
      expect(await noticeTitles(warden)).toContain(title);
    });
  });
