import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  DESKTOP,
  expectNoHorizontalScroll,
  expectNoSeriousViolations,
  PHONE,
  smallTouchTargets,
} from './support/a11y';
import { makeOverdue } from './support/database';
import { snap } from './support/helpers';
import {
  approve,
  disposeContexts,
  fileComplaint,
  makeAdmin,
  makeAuthority,
  makeStudent,
  postNotice,
  signIn,
  type TSession,
  updateComplaint,
} from './support/sessions';

// Every screen of SPEC §2, for every role that can reach it: axe-core (WCAG 2 A/AA) finds nothing
// serious or critical, the title names the screen, and at 360x740 the page does not scroll sideways,
// the navigation is a menu button and touch targets are 44px. Screenshots at desktop and phone size.

type TRoleName = 'anonymous' | 'student' | 'warden' | 'awaiting' | 'admin';

/** A 16x12 PNG, a photo for the complaint page's timeline (the server re-encodes it and makes its thumbnail). */
const PHOTO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAABT0lEQVR42hXQoRHEIBRFUTrAoNGYdPA7iEGjMXRwO4hBR2Po4HeAQaMxdLLZ58/MnWeMwRq84TKI4TYkQzFgeAyvoRvUMAzLcAzGOKzDOy6HOG5HchQHjsfxOrpDHcOxHMd9IGADPnAFJHAHUqAECDyBN9ADGhiBFTjhA4IVvHAJItxCEoqA8Aiv0AUVhrCEIx+I2IiPXBGJ3JEUKREiT+SN9IhGRmRFTvxAxmZ85spI5s6kTMmQeTJvpmc0MzIrc/IHwIKH61/BDQkK/z3wQgeFAQvOd56p2IqvXBWp3JVUKRUqT+Wt9IpWRmVVTv1AwzZ842pI426kRmnQeBpvoze0MRqrcdoHFKt45VJEuZWkFP13PMqrdEWVoSzl6AcmduIn10Qm9yRNyoTJM3knfaKTMVmTMz+wsRu/uTayuTdpUzZsns276RvdjM3anM0PCRoA8NLNVAcAAAAASUVORK5CYII=',
  'base64',
);

type TScreen = {
  /** the name used in screenshot files */
  name: string;
  path: string;
  title: RegExp;
  /** what shows once the screen has its data */
  ready?: (page: Page) => Promise<void>;
  /** navigation state (verify-email and reset-password need it) */
  state?: Record<string, unknown>;
};

/** A screen's ready check: what find() locates is visible. */
const shows = (find: (page: Page) => Locator) => async (page: Page) => {
  await expect(find(page)).toBeVisible();
};
const h1 = (name: string | RegExp) => shows((p) => p.getByRole('heading', { level: 1, name }));
/** The notices lists have their first notice. */
const anArticle = shows((p) => p.locator('main article').first());

/** Opens a screen, with history state when it needs one (as the app's own navigate() would set it). */
async function open(page: Page, screen: TScreen) {
  if (!screen.state) {
    await page.goto(screen.path);
    return;
  }
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(
    ({ path, state }) => {
      window.history.pushState({ usr: state, key: 'a11y', idx: 1 }, '', path);
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    },
    { path: screen.path, state: screen.state },
  );
  await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
}

/** The checks every screen gets, at desktop and at phone size. */
async function checkScreen(
  page: Page,
  screen: TScreen,
  role: TRoleName,
  options: { phoneAxe?: boolean } = {},
) {
  const label = `${screen.name} as ${role}`;
  await page.setViewportSize(DESKTOP);
  await open(page, screen);
  await expect(page.getByText('Loading...')).toHaveCount(0);
  if (screen.ready) await screen.ready(page);
  await expect(page, `${label}: title`).toHaveTitle(screen.title);
  await expect(page).toHaveTitle(/· BIT Mesra Complaints$/);
  await expectNoSeriousViolations(page, `${label} (desktop)`);
  await snap(page, `${screen.name}-${role}-desktop`);

  await page.setViewportSize(PHONE);
  await expect(page.getByRole('button', { name: 'Menu' }), `${label}: menu button`).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }),
  ).toBeHidden();
  await expectNoHorizontalScroll(page, label);
  expect(await smallTouchTargets(page), `${label}: touch targets under 44px`).toEqual([]);
  if (options.phoneAxe !== false) await expectNoSeriousViolations(page, `${label} (phone)`);
  await snap(page, `${screen.name}-${role}-phone`);
}

const PUBLIC: TScreen[] = [
  { name: 'home', path: '/', title: /^Home/, ready: h1('Complaint Management System') },
  { name: 'student-login', path: '/student-login', title: /^Student Login/, ready: h1('Student Login') },
  { name: 'student-signup', path: '/student-signup', title: /^Student Signup/, ready: h1('Student Signup') },
  {
    name: 'verify-email',
    path: '/verify-email',
    title: /^Verify Email/,
    state: { email: 'someone@bitmesra.ac.in', role: 'student' },
    ready: h1('Verify your email'),
  },
  {
    name: 'authority-login',
    path: '/authority-login',
    title: /^Authority Login/,
    ready: h1('Authority Login'),
  },
  {
    name: 'authority-signup',
    path: '/authority-signup',
    title: /^Authority Signup/,
    ready: h1('Authority Signup'),
  },
  { name: 'admin-login', path: '/admin-login', title: /^Admin Login/, ready: h1('Admin Login') },
  {
    name: 'forgot-password',
    path: '/forgot-password',
    title: /^Forgot Password/,
    ready: h1('Forgot Password'),
  },
  {
    name: 'reset-password',
    path: '/reset-password',
    title: /^Reset Password/,
    state: { email: 'someone@bitmesra.ac.in', role: 'authority' },
    ready: h1('Reset Password'),
  },
  { name: 'team', path: '/team', title: /^Meet the Team/, ready: h1('Meet the Team') },
  {
    name: 'student-notifications',
    path: '/student-notifications',
    title: /^Notifications/,
    ready: anArticle,
  },
  {
    name: 'not-found',
    path: '/no-such-page',
    title: /^Page Not Found/,
    ready: h1('Page not found'),
  },
];

/** The public screens a signed-in user is also shown (their navigation differs). */
const SIGNED_IN_PUBLIC = PUBLIC.filter((s) =>
  ['home', 'team', 'student-notifications', 'not-found'].includes(s.name),
);

/** The public screens' phone layout is checked by axe for visitors; signed in, axe runs at desktop size. */
const phoneAxeFor = (screen: TScreen) => ({ phoneAxe: !SIGNED_IN_PUBLIC.includes(screen) });

test.describe
  .serial('accessibility, small screens and titles of every screen', () => {
    let admin: TSession;
    let student: TSession;
    let emptyStudent: TSession;
    let warden: TSession;
    let awaiting: TSession;
    let tokens: string[] = [];
    /** The list shows the seeded complaint number i (read when the check runs, after beforeAll). */
    // the cell starts with the token (the authorities' list writes its filing day under it)
    const tokenCell = (i: number) =>
      shows((p) => p.getByRole('cell', { name: new RegExp(`^${tokens[i]}(\\s|$)`) }));
    const checkAll = async (page: Page, screens: TScreen[], role: TRoleName) => {
      for (const screen of screens) await checkScreen(page, screen, role, phoneAxeFor(screen));
    };

    test.beforeAll(async () => {
      test.setTimeout(60_000);
      [admin, student, emptyStudent, warden, awaiting] = await Promise.all([
        makeAdmin(),
        makeStudent('a11y'),
        makeStudent('a11y-empty'),
        makeAuthority('Warden', 1),
        makeAuthority('Hostel Clerk', 2),
      ]);
      await approve(admin, warden);

      const hostel1 = (roomNo: string, subType: string, description: string) => ({
        type: 'Hostel',
        hostelNo: 1,
        roomNo,
        subType,
        description,
      });
      const filed: Array<{ token: string; id: number }> = [];
      for (const data of [
        hostel1('B-214', 'Fan', 'The ceiling fan wobbles and makes a grinding noise.'),
        hostel1('B-214', 'Internet', 'Wi-Fi drops every evening between 8 and 11 pm.'),
        hostel1('B-110', 'Plumbing', 'The tap in the second-floor washroom leaks all night.'),
        hostel1('B-214', 'Bulb', 'The tube light in the corridor outside B-214 is out.'),
        hostel1('B-301', 'Window Glass', 'Cracked window pane in the study room.'),
        hostel1('B-214', 'Socket', 'The socket beside the study table sparks when used.'),
        {
          type: 'College',
          hostelNo: null,
          roomNo: null,
          subType: 'Library',
          description: 'Reading room lights flicker near the reference section.',
        },
      ]) {
        filed.push(await fileComplaint(student, data));
      }
      tokens = filed.map((f) => f.token);
      // the first complaint is overdue (its due time moved back a day), so the lists show the badge
      await makeOverdue([filed[0]!.id], 26);
      const update = (i: number, status: string, remarks: string) =>
        updateComplaint(warden, filed[i]!.id, status, remarks);
      await update(1, 'In Progress', 'Router to be replaced on Monday');
      await update(2, 'Resolved', 'Washer replaced');
      await update(3, 'Resolved', 'New tube light fitted');
      await update(4, 'Rejected', 'Duplicate of an earlier complaint');
      // the complaint in progress gets a message and a photo, so its page shows every kind of entry
      const said = await warden.api.post(`/api/complaints/${filed[1]!.id}/messages`, {
        data: { body: 'Does it drop on the second floor too?' },
      });
      expect(said.ok(), await said.text()).toBe(true);
      const photo = await student.api.post(`/api/complaints/${filed[1]!.id}/attachments`, {
        multipart: { file: { name: 'router.png', mimeType: 'image/png', buffer: PHOTO_PNG } },
      });
      expect(photo.ok(), await photo.text()).toBe(true);
      // one resolved complaint rated (the admin's recent feedback), one left to rate (the feedback form)
      const rated = await student.api.post('/api/feedback', {
        data: {
          complaintId: filed[2]!.id,
          rating: 4,
          comments: 'Sorted out by the plumber the same evening',
        },
      });
      expect(rated.ok(), await rated.text()).toBe(true);

      await postNotice(admin, 'Water supply interruption', 'No water on Sunday from 9 am to 11 am.');
      await postNotice(warden, 'Hostel 1 room inspection', 'Rooms will be inspected on Friday.', '1');
    });

    test.afterAll(disposeContexts);

    test('anonymous visitor: every public screen', async ({ page }) => {
      test.setTimeout(120_000);
      for (const screen of PUBLIC) await checkScreen(page, screen, 'anonymous');

      // the phone menu opens, lists the links and keeps the page narrow
      await page.goto('/');
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Menu' })).toHaveAttribute('aria-expanded', 'true');
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Student Login' }),
      ).toBeVisible();
      await expectNoHorizontalScroll(page, 'home with the menu open');
      await expectNoSeriousViolations(page, 'home with the menu open');
      await snap(page, 'home-anonymous-phone-menu');
    });

    test('student: dashboard, filing, status, feedback and the public screens', async ({ page }) => {
      test.setTimeout(120_000);
      await signIn(page, student.token);
      const screens: TScreen[] = [
        {
          name: 'student-dashboard',
          path: '/student-dashboard',
          title: /^Student Dashboard/,
          ready: tokenCell(0),
        },
        {
          name: 'file-complaint',
          path: '/file-complaint',
          title: /^File Complaint/,
          ready: h1('File a Complaint'),
        },
        {
          name: 'complaint-status',
          path: `/complaint-status?token=${tokens[1]}`,
          title: /^Complaint Status/,
          ready: async (p) => {
            await expect(p.getByRole('heading', { name: `Complaint ${tokens[1]}` })).toBeVisible();
            // filed, In Progress, the warden's message, the student's photo
            await expect(p.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(4);
            await expect(p.getByRole('img', { name: /^Photo 1 of complaint/ })).toBeVisible();
            await expect(p.getByLabel('Your message')).toBeVisible();
          },
        },
        {
          name: 'feedback',
          path: '/feedback',
          title: /^Feedback/,
          ready: shows((p) => p.getByRole('radiogroup', { name: 'Rating' })),
        },
        ...SIGNED_IN_PUBLIC,
      ];
      await checkAll(page, screens, 'student');

      // the photo viewer and the Reopen dialog, at both sizes
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto(`/complaint-status?token=${tokens[1]}`);
        await page.getByRole('button', { name: /^Photo 1 of complaint/ }).click();
        const viewer = page.getByRole('dialog', { name: /^Photo 1 of complaint/ });
        await expect(viewer).toBeVisible();
        await expectNoSeriousViolations(page, `photo viewer (${size})`);
        if (size === 'phone') {
          await expectNoHorizontalScroll(page, 'photo viewer');
          expect(await smallTouchTargets(page), 'photo viewer touch targets').toEqual([]);
        }
        await snap(page, `complaint-photo-viewer-student-${size}`);
        await page.keyboard.press('Escape');
        await expect(viewer).toBeHidden();

        // resolved by the warden in beforeAll: within 14 days, never reopened, not rated
        await page.goto(`/complaint-status?token=${tokens[3]}`);
        await page.getByRole('button', { name: 'Reopen', exact: true }).click();
        const reopen = page.getByRole('dialog', { name: `Reopen complaint ${tokens[3]}` });
        await expect(reopen.getByLabel('Reason')).toBeVisible();
        await expectNoSeriousViolations(page, `reopen dialog (${size})`);
        if (size === 'phone') {
          await expectNoHorizontalScroll(page, 'reopen dialog');
          expect(await smallTouchTargets(page), 'reopen dialog touch targets').toEqual([]);
        }
        await snap(page, `complaint-reopen-student-${size}`);
        await page.keyboard.press('Escape');
        await expect(reopen).toBeHidden();
      }
    });

    test('student with no complaints: the empty states', async ({ page }) => {
      await signIn(page, emptyStudent.token);
      await checkScreen(
        page,
        {
          name: 'student-dashboard-empty',
          path: '/student-dashboard',
          title: /^Student Dashboard/,
          ready: shows((p) => p.getByText('You have not filed any complaints yet.')),
        },
        'student',
      );
      await checkScreen(
        page,
        {
          name: 'feedback-empty',
          path: '/feedback',
          title: /^Feedback/,
          ready: shows((p) => p.getByText('No complaints to rate.')),
        },
        'student',
        { phoneAxe: false },
      );
    });

    test('approved warden: dashboard, manage complaints with the Update modal, notifications', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, warden.token);
      const screens: TScreen[] = [
        {
          name: 'authority-dashboard',
          path: '/authority-dashboard',
          title: /^Authority Dashboard/,
          ready: shows((p) => p.getByRole('link', { name: 'View All' })),
        },
        {
          name: 'manage-complaints',
          path: '/manage-complaints',
          title: /Manage Complaints/,
          ready: tokenCell(0),
        },
        {
          name: 'complaint-page',
          path: `/complaint-status?token=${tokens[1]}`,
          title: /^Complaint Status/,
          ready: async (p) => {
            await expect(p.getByRole('list', { name: 'History' }).getByRole('listitem')).toHaveCount(4);
            await expect(p.getByRole('heading', { name: 'Write to the student' })).toBeVisible();
          },
        },
        {
          name: 'authority-settings',
          path: '/authority-settings',
          title: /^Settings/,
          ready: shows((p) => p.getByRole('radio', { name: 'Each new complaint, as it is filed' })),
        },
        {
          name: 'notifications',
          path: '/notifications',
          title: /^Notifications/,
          ready: anArticle,
        },
        ...SIGNED_IN_PUBLIC,
      ];
      await checkAll(page, screens, 'warden');

      // the Update modal, at both sizes
      for (const [size, viewport] of [
        ['desktop', DESKTOP],
        ['phone', PHONE],
      ] as const) {
        await page.setViewportSize(viewport);
        await page.goto('/manage-complaints');
        await page.getByRole('button', { name: `Update ${tokens[0]}` }).click();
        const dialog = page.getByRole('dialog', { name: 'Update Complaint' });
        await expect(dialog).toBeVisible();
        await expect(dialog.getByLabel('Status')).toBeVisible();
        await expectNoSeriousViolations(page, `update modal (${size})`);
        if (size === 'phone') {
          await expectNoHorizontalScroll(page, 'update modal');
          expect(await smallTouchTargets(page), 'update modal touch targets').toEqual([]);
        }
        await snap(page, `manage-complaints-modal-warden-${size}`);
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();
      }
    });

    test('authority awaiting approval: the dashboard says why it is empty', async ({ page }) => {
      await signIn(page, awaiting.token);
      const notice = shows((p) => p.getByText(/awaiting approval by an administrator/));
      await checkScreen(
        page,
        {
          name: 'authority-dashboard',
          path: '/authority-dashboard',
          title: /^Authority Dashboard/,
          ready: notice,
        },
        'awaiting',
      );
      await checkScreen(
        page,
        { name: 'manage-complaints', path: '/manage-complaints', title: /Manage Complaints/, ready: notice },
        'awaiting',
        { phoneAxe: false },
      );
    });

    test('admin: dashboard, all complaints, authorities, notifications and the public screens', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await signIn(page, admin.token);
      const screens: TScreen[] = [
        {
          name: 'admin-dashboard',
          path: '/admin-dashboard',
          title: /^Admin Dashboard/,
          ready: shows((p) =>
            p
              .getByRole('region', { name: 'Recent Feedback' })
              .getByText('Sorted out by the plumber the same evening')
              .first(),
          ),
        },
        {
          name: 'view-complaints',
          path: '/view-complaints',
          title: /^View Complaints/,
          ready: tokenCell(5),
        },
        {
          name: 'view-complaints-overdue',
          path: '/view-complaints?overdue=true',
          title: /^View Complaints/,
          ready: async (p) => {
            await expect(p.getByRole('button', { name: 'Overdue' })).toHaveAttribute('aria-pressed', 'true');
            await tokenCell(0)(p);
          },
        },
        {
          name: 'reports',
          path: '/reports',
          title: /^Reports/,
          ready: shows((p) => p.getByRole('table', { name: 'By hostel' })),
        },
        {
          name: 'manage-authorities',
          path: '/manage-authorities',
          title: /^Manage Authorities/,
          ready: shows((p) => p.getByRole('row', { name: new RegExp(awaiting.name) })),
        },
        {
          name: 'complaint-page',
          path: `/complaint-status?token=${tokens[1]}`,
          title: /^Complaint Status/,
          ready: shows((p) => p.getByRole('list', { name: 'History' }).getByRole('listitem').nth(3)),
        },
        {
          name: 'notifications',
          path: '/notifications',
          title: /^Notifications/,
          ready: anArticle,
        },
        ...SIGNED_IN_PUBLIC,
      ];
      await checkAll(page, screens, 'admin');
    });
  });
