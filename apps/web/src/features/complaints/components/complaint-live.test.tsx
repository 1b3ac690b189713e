import type { TComplaintWithHistory, TUser } from '@bit/contract';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { admin, asWarden, daysAgo, message, student, warden, withHistory } from '../test/fixtures';
import { ComplaintStatus } from './complaint-status';
import { MessageBox } from './message-box';

/**
 * Issue 33 row 11: the complaint's page follows the conversation. Only the interval timers are fake
 * (the query's 30 s); promises, React and the query's own scheduling run as ever.
 */

const TOKEN = 'CMP-ABC123';
const COMPLAINT_URL = `/api/complaints/${TOKEN}`;
const REPLY = 'A technician comes at 4 pm';

let visibility: DocumentVisibilityState = 'visible';

beforeEach(() => {
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  // back to jsdom's own (on Document.prototype)
  delete (document as { visibilityState?: unknown }).visibilityState;
});

/** The tab goes out of view or comes back, as the browser tells it. */
function showTab(shown: boolean) {
  visibility = shown ? 'visible' : 'hidden';
  act(() => {
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

/** Lets the requests a timer started be answered and drawn. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

async function passes(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
  await settle();
}

function openPage(user: TUser, complaint: TComplaintWithHistory) {
  const current = { value: complaint };
  const fetch = mockFetch({
    [`GET ${COMPLAINT_URL}`]: () => jsonResponse(200, { data: current.value }),
  });
  renderRoutes(
    [{ path: '/complaint-status', element: <ComplaintStatus user={user} /> }],
    [`/complaint-status?token=${TOKEN}`],
  );
  const reads = () => fetch.mock.calls.filter(([url]) => String(url).startsWith(COMPLAINT_URL)).length;
  /** The warden answers on the server. */
  const reply = (body: string) => {
    current.value = {
      ...current.value,
      messages: [
        ...current.value.messages,
        message(current.value.messages.length + 1, body, daysAgo(0), asWarden),
      ],
    };
  };
  return { reads, reply };
}

const closedDaysAgo = (days: number) => {
  const c = withHistory({ status: 'Resolved' });
  c.history.push({ status: 'Resolved', remarks: 'Fixed', by: asWarden, at: daysAgo(days) });
  return c;
};

describe("the complaint's page, live", () => {
  it("shows the warden's reply 30 s later, only by reading the complaint again", async () => {
    const page = openPage(student, withHistory());
    await screen.findByRole('heading', { name: 'Write to the authorities' });
    expect(page.reads()).toBe(1);
    page.reply(REPLY);

    await passes(29_000);
    expect(page.reads()).toBe(1);
    expect(screen.queryByText(REPLY, { exact: false })).not.toBeInTheDocument();

    await passes(1_000);
    expect(await screen.findByText(REPLY, { exact: false })).toBeInTheDocument();
    expect(page.reads()).toBe(2);
  });

  it('reads nothing while the tab is hidden, and reads it again as soon as the tab comes back', async () => {
    const page = openPage(student, withHistory());
    await screen.findByRole('heading', { name: 'Write to the authorities' });
    showTab(false);
    page.reply(REPLY);

    await passes(5 * 60_000);
    expect(page.reads()).toBe(1);
    expect(screen.queryByText(REPLY, { exact: false })).not.toBeInTheDocument();

    showTab(true);
    expect(await screen.findByText(REPLY, { exact: false })).toBeInTheDocument();
    expect(page.reads()).toBe(2);
  });

  it("keeps what is being typed, the focus and the page's elements through a refresh", async () => {
    const page = openPage(warden, withHistory());
    const box = await screen.findByLabelText('Your message');
    box.focus();
    fireEvent.change(box, { target: { value: 'We will look at it to' } });
    const search = screen.getByRole('button', { name: 'Search' });
    page.reply(REPLY);

    await passes(30_000);
    expect(await screen.findByText(REPLY, { exact: false })).toBeInTheDocument();
    // the same element, not one drawn afresh: its text, its focus and where the page stood are kept
    expect(screen.getByLabelText('Your message')).toBe(box);
    expect(box).toHaveValue('We will look at it to');
    expect(box).toHaveFocus();
    // the search is not "Searching..." (nor disabled) for the page's own refresh
    expect(search).toBe(screen.getByRole('button', { name: 'Search' }));
    expect(search).toBeEnabled();
  });

  it('still reads a complaint closed 13 days ago, whose conversation is open', async () => {
    const page = openPage(student, closedDaysAgo(13));
    await screen.findByLabelText('Your message');
    await passes(30_000);
    expect(page.reads()).toBe(2);
  });

  it('stops once the complaint is closed and its 14 days are over', async () => {
    const page = openPage(student, closedDaysAgo(15));
    await screen.findByText(/^This complaint is closed for messages\./);
    await passes(5 * 60_000);
    expect(page.reads()).toBe(1);
  });

  it('does not follow the conversation for an admin, who only reads', async () => {
    const page = openPage(admin, withHistory());
    await screen.findByRole('list', { name: 'History' });
    await passes(60_000);
    showTab(false);
    showTab(true);
    await settle();
    expect(page.reads()).toBe(1);
  });
});

describe('the message box', () => {
  it('gives back what was being typed when it is drawn again', async () => {
    mockFetch({});
    const complaint = { id: 7, token: TOKEN };
    const draw = () => renderRoutes([{ path: '/', element: <MessageBox complaint={complaint} /> }], ['/']);
    const first = draw();
    fireEvent.change(await screen.findByLabelText('Your message'), { target: { value: 'Half a sentence' } });
    first.unmount();

    draw();
    expect(await screen.findByLabelText('Your message')).toHaveValue('Half a sentence');
  });
});
