import { MSG } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { complaint, page, student } from '../test/fixtures';
import { StudentDashboard } from './student-dashboard';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const routes = [{ path: '/student-dashboard', element: <StudentDashboard user={student} /> }];

describe('student dashboard', () => {
  it('lists the student complaints with a View link to the status page', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([complaint()])) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(screen.getByRole('heading', { name: 'Welcome, Asha Kumari' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'File New Complaint' })).toHaveAttribute(
      'href',
      '/file-complaint',
    );
    expect(await screen.findByText('CMP-ABC123')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /View/ })).toHaveAttribute(
      'href',
      '/complaint-status?token=CMP-ABC123',
    );
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });

  it('says so when there are no complaints', async () => {
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(200, page([])) });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('You have not filed any complaints yet.')).toBeInTheDocument();
  });

  it('pages through the complaints', async () => {
    const fetch = mockFetch({
      'GET /api/complaints/student': (url) => {
        const p = Number(new URL(url, 'http://x').searchParams.get('page'));
        return jsonResponse(200, page([complaint({ id: p, token: `CMP-PAGE${p}` })], 25, p, 20));
      },
    });
    renderRoutes(routes, ['/student-dashboard']);
    expect(await screen.findByText('Page 1 of 2')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('CMP-PAGE2')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('page=2'))).toBe(true);
    // page 2 is read below the last complaint of page 1 (keyset), not by skipping
    expect(String(fetch.mock.calls.at(-1)?.[0])).toContain('page=2&pageSize=20&before=1');
  });

  it('toasts Failed to fetch your complaints when the list fails', async () => {
    const error = vi.spyOn(toast, 'error');
    mockFetch({ 'GET /api/complaints/student': () => jsonResponse(503, { message: MSG.dbUnavailable }) });
    renderRoutes(routes, ['/student-dashboard']);
    await waitFor(() => expect(error).toHaveBeenCalledWith(MSG.fetchYourComplaintsFailed));
  });
});
