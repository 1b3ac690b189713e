import { MSG, MSG_FEEDBACK } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { FeedbackForm } from './feedback-form';

const pending = [
  { id: 7, token: 'CMP-AAAA1111', type: 'Hostel', subType: 'Fan', createdAt: '2025-01-01T00:00:00Z' },
  { id: 9, token: 'CMP-BBBB2222', type: 'College', subType: 'Library', createdAt: '2025-01-02T00:00:00Z' },
];
const routes = [{ path: '/feedback', element: <FeedbackForm /> }];

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('feedback form', () => {
  it('asks to select a complaint before rating', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.selectComplaint));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it("shows the chosen complaint's whole text, free to wrap, over which the labelled select lies (issue 33 row 16)", async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    const select = await screen.findByLabelText('Complaint');
    expect(select.tagName).toBe('SELECT');
    const shown = select.nextElementSibling as HTMLElement;
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown).toHaveTextContent('Select a resolved complaint');
    fireEvent.change(select, { target: { value: '9' } });
    expect(shown).toHaveTextContent('CMP-BBBB2222 — Library');
    expect(shown).toHaveClass('break-words');
    expect(shown).not.toHaveClass('truncate');
  });

  it('starts with no star chosen, so no score is suggested', async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    const group = await screen.findByRole('radiogroup', { name: 'Rating' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(screen.getAllByRole('radio').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
  });

  it('asks for a rating before sending, under the stars', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    fireEvent.change(await screen.findByLabelText('Complaint'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const group = screen.getByRole('radiogroup', { name: 'Rating' });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription(MSG_FEEDBACK.ratingInvalid);
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByRole('radio', { name: '3 stars' }));
    await waitFor(() => expect(group).not.toHaveAttribute('aria-invalid'));
  });

  it('chooses the complaint a "Rate this resolution" link names, and says the rating back once sent', async () => {
    vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let body: unknown;
    mockFetch({
      'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }),
      'POST /api/feedback': (_url, init) => {
        body = JSON.parse(String(init?.body));
        return jsonResponse(201, { message: MSG.feedbackSubmitted, data: {} });
      },
    });
    renderRoutes(routes, ['/feedback?token=CMP-BBBB2222']);
    await waitFor(() => expect(screen.getByLabelText('Complaint')).toHaveValue('9'));
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    const said = await screen.findByText(/You rated CMP-BBBB2222 4 of 5/);
    // focus moves on to it, not to the page's body (issue 33 row 21)
    await waitFor(() => expect(said).toHaveFocus());
    expect(body).toEqual({ complaintId: 9, rating: 4, comments: null });
    expect(screen.getByRole('link', { name: 'View the complaint' })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-BBBB2222',
    );
  });

  it('says so when the complaint a link names has nothing to rate', async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback?token=CMP-RATED999']);
    expect(
      await screen.findByText(
        'CMP-RATED999 is not waiting for a rating: it is not resolved, or it was rated already.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Complaint')).toHaveValue('');
  });

  it('moves the rating with the arrow keys', async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    const five = await screen.findByRole('radio', { name: '5 stars' });
    five.focus();
    const user = userEvent.setup();
    await user.keyboard('{ArrowLeft}{ArrowLeft}');
    const three = screen.getByRole('radio', { name: '3 stars' });
    expect(three).toBeChecked();
    expect(three).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
  });

  it('sends the rating and drops the rated complaint from the list', async () => {
    const success = vi.spyOn(toast, 'success').mockImplementation(() => 0);
    let body: unknown;
    let rated = false;
    mockFetch({
      'GET /api/feedback/pending': () =>
        jsonResponse(200, { data: rated ? pending.filter((p) => p.id !== 7) : pending }),
      'POST /api/feedback': (_url, init) => {
        body = JSON.parse(String(init?.body));
        rated = true;
        return jsonResponse(201, { message: MSG.feedbackSubmitted, data: {} });
      },
    });
    renderRoutes(routes, ['/feedback']);
    fireEvent.change(await screen.findByLabelText('Complaint'), { target: { value: '7' } });
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.change(screen.getByLabelText('Comments (optional)'), { target: { value: 'Quick fix' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith(MSG.feedbackSubmitted));
    expect(body).toEqual({ complaintId: 7, rating: 4, comments: 'Quick fix' });
    await waitFor(() => expect(screen.queryByRole('option', { name: /CMP-AAAA1111/ })).toBeNull());
    expect(screen.getByRole('option', { name: /CMP-BBBB2222/ })).toBeInTheDocument();
  });

  it('shows the server message when the feedback is refused', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }),
      'POST /api/feedback': () => jsonResponse(500, {}),
    });
    renderRoutes(routes, ['/feedback']);
    fireEvent.change(await screen.findByLabelText('Complaint'), { target: { value: '9' } });
    fireEvent.click(screen.getByRole('radio', { name: '5 stars' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.feedbackFailed));
  });

  it('says so when there is nothing to rate', async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: [] }) });
    renderRoutes(routes, ['/feedback']);
    expect(await screen.findByText('No complaints to rate.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit Feedback' })).toBeNull();
  });

  it('points at the complaint picker when none is chosen', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    fireEvent.click(await screen.findByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expectPointedAt(screen.getByLabelText('Complaint'), MSG.selectComplaint));
  });

  it('ties the comments counter to its field', async () => {
    mockFetch({ 'GET /api/feedback/pending': () => jsonResponse(200, { data: pending }) });
    renderRoutes(routes, ['/feedback']);
    const comments = await screen.findByLabelText('Comments (optional)');
    expect(comments).toHaveAccessibleDescription('0 / 1000 characters');
    fireEvent.change(comments, { target: { value: 'Quick fix' } });
    expect(comments).toHaveAccessibleDescription('9 / 1000 characters');
  });
});
