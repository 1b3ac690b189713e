import {
  GRIEVANCE_PAGE,
  MSG_CALENDAR,
  MSG_COMMITTEES,
  type TCalendar,
  type TCommittees,
  type TPublicCommittees,
  type TUser,
} from '@bit/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localDay } from '../../../lib/dates';
import { warden } from '../../../test/fixtures';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { CommitteesWarning } from './committees-warning';
import { GrievanceRedressal } from './grievance-redressal';
import { ManageCommittees } from './manage-committees';
import { ManageHolidays } from './manage-holidays';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const publicCommittees: TPublicCommittees = {
  data: [
    {
      committee: 'sgrc',
      name: "Students' Grievance Redressal Committee",
      members: [
        { name: 'Meera Iyer', designation: 'Warden', chair: true },
        { name: 'Arun Das', designation: 'Hostel Clerk', chair: false },
      ],
    },
    { committee: 'ombudsperson', name: 'Ombudsperson', members: [] },
    { committee: 'anti-ragging', name: 'Anti-Ragging Committee', members: [] },
    {
      committee: 'icc',
      name: 'Internal Complaints Committee',
      members: [{ name: 'Zoya Khan', designation: 'Other', chair: true }],
    },
  ],
};

describe('the public grievance page', () => {
  it('shows each committee with its members and chair, the time limits and how to submit', async () => {
    mockFetch({ 'GET /api/committees': () => jsonResponse(200, publicCommittees) });
    renderRoutes(
      [{ path: '/grievance-redressal', element: <GrievanceRedressal signedIn={false} /> }],
      ['/grievance-redressal'],
    );
    expect(await screen.findByText('Meera Iyer')).toBeInTheDocument();
    const sgrc = screen.getByRole('heading', {
      name: "Students' Grievance Redressal Committee",
    }).parentElement;
    expect(within(sgrc as HTMLElement).getByText('Meera Iyer').parentElement).toHaveTextContent(
      `Meera IyerWarden${GRIEVANCE_PAGE.chair}`,
    );
    expect(within(sgrc as HTMLElement).getByText('Arun Das').parentElement).toHaveTextContent(
      GRIEVANCE_PAGE.member,
    );
    expect(screen.getByText(GRIEVANCE_PAGE.noOmbudsperson)).toBeInTheDocument();
    expect(screen.getByText(GRIEVANCE_PAGE.noMembers)).toBeInTheDocument();
    for (const limit of GRIEVANCE_PAGE.limits) expect(screen.getByText(limit)).toBeInTheDocument();
    expect(screen.getByText(/within 15 working days/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: GRIEVANCE_PAGE.submitHeading })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: GRIEVANCE_PAGE.signIn })).toHaveAttribute(
      'href',
      '/student-login',
    );
  });
});

describe("the admin dashboard's committee warning", () => {
  it('names the committees without members and links to the committees screen', async () => {
    mockFetch({ 'GET /api/committees': () => jsonResponse(200, publicCommittees) });
    renderRoutes([{ path: '/', element: <CommitteesWarning /> }], ['/']);
    const card = (await screen.findByRole('heading', { name: MSG_COMMITTEES.noMembersTitle })).parentElement;
    expect(card).toHaveTextContent(MSG_COMMITTEES.noMembers(['Ombudsperson', 'Anti-Ragging Committee']));
    expect(
      within(card as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ombudsperson', 'Anti-Ragging Committee']);
    expect(screen.getByRole('link', { name: 'Appoint members' })).toHaveAttribute(
      'href',
      '/manage-committees',
    );
  });

  it('says nothing when every committee has members', async () => {
    const full = {
      data: publicCommittees.data.map((c) => ({
        ...c,
        members: [{ name: 'A', designation: 'Other', chair: true }],
      })),
    };
    const fetch = mockFetch({ 'GET /api/committees': () => jsonResponse(200, full) });
    const { container } = renderRoutes([{ path: '/', element: <CommitteesWarning /> }], ['/']);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
  });
});

const authority = (id: number, name: string, designation: TUser['designation']): TUser => ({
  ...warden,
  id,
  name,
  designation,
  approved: true,
});

describe('the committees screen', () => {
  it('appoints an approved authority, makes another the chair and saves the committee', async () => {
    const admin: TCommittees = {
      data: [
        { committee: 'sgrc', name: "Students' Grievance Redressal Committee", members: [] },
        {
          committee: 'ombudsperson',
          name: 'Ombudsperson',
          members: [{ userId: 7, name: 'Zoya Khan', designation: 'Other', chair: true }],
        },
        { committee: 'anti-ragging', name: 'Anti-Ragging Committee', members: [] },
        { committee: 'icc', name: 'Internal Complaints Committee', members: [] },
      ],
    };
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/admin/committees': () => jsonResponse(200, admin),
      'GET /api/admin/authorities': () =>
        jsonResponse(200, {
          count: 2,
          page: 1,
          pageSize: 100,
          data: [authority(5, 'Meera Iyer', 'Warden'), authority(6, 'Arun Das', 'Hostel Clerk')],
        }),
      'PUT /api/admin/committees/sgrc': (_url, init) => {
        const body = JSON.parse(String(init?.body));
        sent.push(body);
        return jsonResponse(200, {
          data: {
            committee: 'sgrc',
            name: "Students' Grievance Redressal Committee",
            members: [
              { userId: 6, name: 'Arun Das', designation: 'Hostel Clerk', chair: true },
              { userId: 5, name: 'Meera Iyer', designation: 'Warden', chair: false },
            ],
          },
        });
      },
    });
    renderRoutes([{ path: '/manage-committees', element: <ManageCommittees /> }], ['/manage-committees']);
    const add = await screen.findByLabelText("Add to the Students' Grievance Redressal Committee");
    fireEvent.change(add, { target: { value: '5' } });
    const sgrc = add.closest('section') as HTMLElement;
    fireEvent.click(within(sgrc).getByRole('button', { name: 'Add' }));
    fireEvent.change(add, { target: { value: '6' } });
    fireEvent.click(within(sgrc).getByRole('button', { name: 'Add' }));
    // the first one added took the chair; the admin gives it to the second
    const chairs = within(sgrc).getAllByRole('radio', { name: GRIEVANCE_PAGE.chair });
    expect(chairs.map((r) => (r as HTMLInputElement).checked)).toEqual([true, false]);
    fireEvent.click(chairs[1] as HTMLElement);
    fireEvent.click(
      within(sgrc).getByRole('button', { name: "Save Students' Grievance Redressal Committee" }),
    );
    await waitFor(() =>
      expect(sent).toEqual([
        {
          members: [
            { userId: 5, chair: false },
            { userId: 6, chair: true },
          ],
        },
      ]),
    );
    // the Ombudsperson is one person: no way to add a second
    expect(screen.queryByLabelText('Add to the Ombudsperson')).not.toBeInTheDocument();
    expect(screen.getByText('Zoya Khan')).toBeInTheDocument();
  });
});

describe('the holidays screen', () => {
  it("adds a holiday to the year's, saves them and marks the row the server refuses", async () => {
    const year = Number(localDay().slice(0, 4));
    const calendar = (y: number): TCalendar => ({
      year: y,
      workingDays: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'],
      holidays: y === year ? [{ date: `${year}-01-26`, name: 'Republic Day' }] : [],
    });
    const sent: unknown[] = [];
    mockFetch({
      'GET /api/calendar': (url) =>
        jsonResponse(200, calendar(Number(new URL(url, 'http://x').searchParams.get('year')))),
      [`PUT /api/admin/calendar/${year}`]: (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return sent.length === 1
          ? jsonResponse(400, {
              message: MSG_CALENDAR.dateTwice,
              errors: [{ field: 'holidays.1.date', message: MSG_CALENDAR.dateTwice }],
            })
          : jsonResponse(200, calendar(year));
      },
    });
    renderRoutes([{ path: '/holidays', element: <ManageHolidays /> }], ['/holidays']);
    expect(await screen.findByDisplayValue('Republic Day')).toBeInTheDocument();
    expect(screen.getByText(/Monday, Tuesday, Wednesday, Thursday, Friday/)).toBeInTheDocument();
    expect(screen.getByText(/A grievance submitted now is due by/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a holiday' }));
    const dates = screen.getAllByLabelText('Date');
    fireEvent.change(dates[1] as HTMLElement, { target: { value: `${year}-01-26` } });
    fireEvent.change(screen.getAllByLabelText('Name')[1] as HTMLElement, { target: { value: 'Again' } });
    fireEvent.click(screen.getByRole('button', { name: `Save holidays of ${year}` }));
    await waitFor(() => expect(screen.getAllByLabelText('Date')[1]).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getAllByLabelText('Date')[1]).toHaveAccessibleDescription(MSG_CALENDAR.dateTwice);
    expect(sent[0]).toEqual({
      holidays: [
        { date: `${year}-01-26`, name: 'Republic Day' },
        { date: `${year}-01-26`, name: 'Again' },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Remove Again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Republic Day' }));
    fireEvent.click(screen.getByRole('button', { name: `Save holidays of ${year}` }));
    await waitFor(() => expect(sent[1]).toEqual({ holidays: [] }));
  });
});
