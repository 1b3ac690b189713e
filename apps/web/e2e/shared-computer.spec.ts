import { expect, type Page, test } from '@playwright/test';
import { dismissToasts, snap } from './support/helpers';
import { disposeContexts, fileComplaint, makeStudent, PASSWORD, submitLogin } from './support/sessions';

// College lab computers are shared: one student logs out, the next signs in on the same tab. Nothing
// the first one's session read may reach the next one's screens, not even for one frame.

type TWatch = { seenTokens: string[]; sameDocument: boolean };

/**
 * From now on, records every complaint token the page renders: in text and in attributes (a View
 * link's label), in every node added and every text or attribute changed, however briefly it stays.
 */
async function recordRenderedTokens(page: Page) {
  await page.evaluate(() => {
    const watch = window as unknown as TWatch;
    watch.seenTokens = [];
    // a reload would empty the memory cache by itself and prove nothing: this flag would be gone
    watch.sameDocument = true;
    const record = (text: string | null | undefined) => {
      for (const match of (text ?? '').matchAll(/CMP-[A-Z0-9]+/g)) watch.seenTokens.push(match[0]);
    };
    record(document.body.outerHTML);
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'characterData') record(m.target.textContent);
        if (m.type === 'attributes' && m.target instanceof Element && m.attributeName)
          record(m.target.getAttribute(m.attributeName));
        for (const node of m.addedNodes) record(node instanceof Element ? node.outerHTML : node.textContent);
      }
    }).observe(document.body, { childList: true, characterData: true, attributes: true, subtree: true });
  });
}

const watched = (page: Page) =>
  page.evaluate((): TWatch => {
    const { seenTokens, sameDocument } = window as unknown as TWatch;
    return { seenTokens, sameDocument };
  });

test.afterAll(disposeContexts);

test("a second student signing in on the same tab after the first logs out never sees the first student's complaints, not even for a moment", async ({
  page,
}) => {
  const [first, second] = await Promise.all([makeStudent('lab-first'), makeStudent('lab-second')]);
  const firstTokens = [
    (
      await fileComplaint(first, {
        type: 'Hostel',
        hostelNo: 2,
        roomNo: '12',
        subType: 'Fan',
        description: 'The fan in my room does not turn.',
      })
    ).token,
    (await fileComplaint(first, { type: 'College', subType: 'Library', description: 'No chairs left.' }))
      .token,
  ];
  const { token: secondToken } = await fileComplaint(second, {
    type: 'College',
    subType: 'Canteen',
    description: 'The canteen closes early.',
  });

  // the first student signs in through the screens, and the cache fills with their list
  await page.goto('/student-login');
  await submitLogin(page, first.email, PASSWORD);
  await expect(page).toHaveURL(/\/student-dashboard$/);
  for (const token of firstTokens) {
    await expect(page.getByRole('cell', { name: token, exact: true })).toBeVisible();
  }

  // ...and logs out; from here on the tab is never reloaded
  await dismissToasts(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await recordRenderedTokens(page);

  // the second student signs in on the same tab, from the navigation bar
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Login' }).click();
  await submitLogin(page, second.email, PASSWORD);
  await expect(page).toHaveURL(/\/student-dashboard$/);
  await expect(page.getByRole('heading', { name: `Welcome, ${second.name}` })).toBeVisible();
  // the list is on the screen, whoever's it is
  await expect(page.getByRole('table', { name: 'Your complaints' })).toBeVisible();
  const leaked = async () => (await watched(page)).seenTokens.filter((t) => firstTokens.includes(t));
  expect(await leaked(), "the first student's complaints were rendered for the second").toEqual([]);

  await expect(page.getByRole('cell', { name: secondToken, exact: true })).toBeVisible();
  await snap(page, 'shared-computer-second-student');
  const { seenTokens, sameDocument } = await watched(page);
  expect(sameDocument, 'the tab was reloaded, which would empty the cache by itself').toBe(true);
  expect(seenTokens).toContain(secondToken);
  expect(await leaked()).toEqual([]);
});
