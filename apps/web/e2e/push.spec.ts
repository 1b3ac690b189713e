import { MSG_PUSH_WEB } from '@bit/contract';
import { expect, test } from '@playwright/test';
import { snap } from './support/helpers';
import {
  baseURL,
  disposeContexts,
  fileComplaint,
  makeStudent,
  signIn,
  type TSession,
} from './support/sessions';

// CONTRACT 6.3 in the browser: the service worker, given a push message (delivered through the
// DevTools protocol, as a push service would), shows a notification whose tap opens the complaint;
// the profile explains notifications and asks for nothing until its button is tapped.

let student: TSession;
let token: string;

test.beforeAll(async () => {
  student = await makeStudent('push');
  ({ token } = await fileComplaint(student, {
    type: 'Hostel',
    hostelNo: 5,
    roomNo: '214',
    subType: 'Electrical',
    description: 'The tube light flickers all night',
  }));
});

test.afterAll(disposeContexts);

test('a push shows a notification, and its tap opens the complaint in the open tab', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await signIn(page, student.token);
  const cdp = await context.newCDPSession(page);
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: regs }) => {
    for (const r of regs) if (!r.isDeleted) registrations.set(r.scopeURL, r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');

  await page.goto('/student-dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    for (let i = 0; i < 100 && !navigator.serviceWorker.controller; i++)
      await new Promise((r) => setTimeout(r, 50));
  });
  await expect.poll(() => registrations.get(`${baseURL}/`)).toBeTruthy();
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));

  const payload = {
    title: `Complaint ${token} is now In Progress`,
    body: 'Remarks: Electrician booked for 5 pm',
    url: `${baseURL}/complaint-status?token=${token}`,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: baseURL,
    registrationId: registrations.get(`${baseURL}/`)!,
    data: JSON.stringify(payload),
  });

  const shown = () =>
    worker.evaluate(async () =>
      (await (self as unknown as ServiceWorkerGlobalScope).registration.getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        url: (n.data as { url: string }).url,
      })),
    );
  await expect
    .poll(shown)
    .toEqual([{ title: payload.title, body: payload.body, url: `/complaint-status?token=${token}` }]);

  // the tap: Playwright cannot reach the system's notification, so the worker is handed the click
  // on the very notification it showed
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope;
    const [notification] = await scope.registration.getNotifications();
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }));
  });
  await expect(page).toHaveURL(new RegExp(`/complaint-status\\?token=${token}$`));
  await expect(page.getByText(token).first()).toBeVisible();
  await expect(page.getByText('The tube light flickers all night')).toBeVisible();
  await expect.poll(shown).toEqual([]);
});

test('the profile says what notifications bring and asks nothing before its button is tapped', async ({
  page,
}) => {
  await signIn(page, student.token);
  await page.addInitScript(() => {
    const w = window as typeof window & { __asked?: number };
    w.__asked = 0;
    const original = Notification.requestPermission.bind(Notification);
    Notification.requestPermission = (...args) => {
      w.__asked = (w.__asked ?? 0) + 1;
      return original(...args);
    };
  });
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: MSG_PUSH_WEB.heading })).toBeVisible();
  await expect(page.getByText(MSG_PUSH_WEB.explain)).toBeVisible();
  await expect(page.getByLabel(MSG_PUSH_WEB.email)).toBeChecked();
  await expect(page.getByLabel(MSG_PUSH_WEB.push)).toBeChecked();
  await expect(page.getByRole('status').filter({ hasText: /Alerts are|cannot receive/ })).toBeVisible();
  expect(await page.evaluate(() => (window as typeof window & { __asked?: number }).__asked)).toBe(0);
});

// in the full browser: the headless shell has no push service, and says alerts cannot work here
test('issue 51 row 21: when turning alerts on fails, the card keeps the reason', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await page.addInitScript(() => {
    if ('PushManager' in window)
      PushManager.prototype.subscribe = () =>
        Promise.reject(new DOMException('Registration failed - push service error', 'AbortError'));
  });
  await signIn(page, student.token);
  await page.goto('/student-dashboard');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto('/profile');
  await page.getByRole('button', { name: MSG_PUSH_WEB.turnOn }).click();
  const reason = page
    .getByRole('alert')
    .filter({ hasText: MSG_PUSH_WEB.failedBecause('Registration failed - push service error') });
  await expect(reason).toBeVisible();
  await page.waitForTimeout(5500);
  await expect(reason).toBeVisible();
  await expect(page.getByText(MSG_PUSH_WEB.off)).toBeVisible();
  await snap(page, 'round3-push-failed');
});
