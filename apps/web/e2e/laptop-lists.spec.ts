import { expect, type Page, test } from '@playwright/test';
import { snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  signIn,
  type TSession,
} from './support/sessions';

// Issue 33 row 1: on a laptop the authorities' list was a 1,291 px table in a 1,196 px box, its
// Actions column with Update cut off at every width tried, and scrolling sideways hid the token.
// Each authority's list, at each laptop width: every row's Update on screen, nothing scrolling sideways.

const WIDTHS = [1024, 1280, 1366, 1440, 1536];

/** Nothing on the page, nor any box in it, scrolls sideways. */
async function expectNothingScrollsSideways(page: Page, label: string) {
  const wide = await page.evaluate(() => {
    const boxes = [...document.body.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const overflow = getComputedStyle(el).overflowX;
        return (overflow === 'auto' || overflow === 'scroll') && el.scrollWidth > el.clientWidth + 1;
      })
      .map((el) => `${el.tagName.toLowerCase()}[${el.getAttribute('aria-label') ?? el.className}]`);
    if (document.documentElement.scrollWidth > window.innerWidth + 1) boxes.push('the page');
    return boxes;
  });
  expect(wide, `${label}: what scrolls sideways`).toEqual([]);
}

test.describe
  .serial('the authorities’ lists on a laptop', () => {
    const lists: { who: string; session: () => TSession }[] = [];
    let warden: TSession;
    let clerk: TSession;
    let network: TSession;

    test.beforeAll(async () => {
      const admin = await makeAdmin();
      warden = await makeAuthority('Warden', 6);
      clerk = await makeAuthority('Hostel Clerk', 6);
      network = await makeAuthority('Network Department');
      for (const a of [warden, clerk, network]) await approve(admin, a);
      const student = await makeStudent('laptop');
      // long words, a long place and a long description: the widths a real list meets
      for (const [subType, description] of [
        [
          'Electrical',
          'The tube light and the fan regulator in the corridor outside room 214 stopped working.',
        ],
        [
          'Internet',
          'Wi-Fi drops every few minutes on the second floor; the LAN port in the room is dead too.',
        ],
        [
          'Plumbing',
          'Leaking tap in the washroom of the east wing; water collects on the floor every morning.',
        ],
      ] as const) {
        await fileComplaint(student, { type: 'Hostel', hostelNo: 6, roomNo: 'B-214A', subType, description });
      }
      lists.push(
        { who: 'warden', session: () => warden },
        { who: 'clerk', session: () => clerk },
        { who: 'network', session: () => network },
      );
    });

    test.afterAll(disposeContexts);

    for (const width of WIDTHS) {
      test(`every row's Update is on screen at ${width} px, for the warden, the clerk and the network department`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        for (const { who, session } of lists) {
          await page.context().clearCookies();
          await page.addInitScript(() => window.localStorage.clear());
          await signIn(page, session().token);
          await page.goto('/manage-complaints');
          const updates = page.getByRole('button', { name: /^Update CMP-/ });
          await expect(updates.first()).toBeVisible();
          const count = await updates.count();
          expect(count, `${who}: rows`).toBeGreaterThan(0);
          for (let i = 0; i < count; i++) {
            const box = await updates.nth(i).boundingBox();
            expect(box, `${who} at ${width}: Update ${i}`).not.toBeNull();
            expect(box!.x, `${who} at ${width}: Update ${i} starts on screen`).toBeGreaterThanOrEqual(0);
            expect(box!.x + box!.width, `${who} at ${width}: Update ${i} ends on screen`).toBeLessThanOrEqual(
              width,
            );
          }
          // the token of the first row is on screen too
          const token = page.getByRole('link', { name: /^View CMP-/ }).first();
          await expect(token).toBeInViewport();
          await expectNothingScrollsSideways(page, `${who} at ${width}`);
          if (width === 1280 && who === 'warden') await snap(page, 'manage-complaints-1280');
        }
      });
    }
  });
