import { MSG_STICKERS } from '@bit/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectPointedAt, jsonResponse, mockFetch, renderRoutes } from '../../../test/utils';
import { StickersForm } from './stickers-form';

const pdf = (name: string) =>
  new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
    status: 200,
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

const pick = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const download = () => fireEvent.click(screen.getByRole('button', { name: 'Download' }));
const stickerCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/stickers.pdf'));

let clicked: string[];
beforeEach(() => {
  clicked = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:sheet', revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const asAdmin = [{ path: '/stickers', element: <StickersForm hostelNo={null} college /> }];
const asWarden = [{ path: '/stickers', element: <StickersForm hostelNo={5} college={false} /> }];

describe('QR stickers form', () => {
  it("downloads an admin's sheet of a hostel's rooms, counting the stickers as the list is typed", async () => {
    const fetch = mockFetch({ 'GET /api/stickers.pdf': () => pdf('stickers-hostel-5.pdf') });
    renderRoutes(asAdmin, ['/stickers']);
    pick('Hostel number', '5');
    pick('Rooms', '101-140,G12');
    expect(screen.getByText('41 stickers, 4 pages')).toBeInTheDocument();
    download();
    expect(await screen.findByText('stickers-hostel-5.pdf')).toBeInTheDocument();
    expect(stickerCalls(fetch)).toEqual(['/api/stickers.pdf?type=Hostel&hostelNo=5&rooms=101-140%2CG12']);
    expect(clicked).toEqual(['stickers-hostel-5.pdf']);
  });

  it('points at a malformed list of rooms with its message and asks nothing of the server', async () => {
    vi.spyOn(toast, 'error').mockImplementation(() => 0);
    const fetch = mockFetch({});
    renderRoutes(asAdmin, ['/stickers']);
    pick('Hostel number', '5');
    pick('Rooms', '5-1');
    download();
    await waitFor(() => expectPointedAt(screen.getByLabelText('Rooms'), MSG_STICKERS.roomsBackwards('5-1')));
    pick('Rooms', '1-1001');
    download();
    await waitFor(() => expectPointedAt(screen.getByLabelText('Rooms'), MSG_STICKERS.roomsTooMany));
    expect(stickerCalls(fetch)).toEqual([]);
  });

  it('makes an admin a sticker for a college place', async () => {
    const fetch = mockFetch({ 'GET /api/stickers.pdf': () => pdf('stickers-library-hall.pdf') });
    renderRoutes(asAdmin, ['/stickers']);
    fireEvent.click(screen.getByLabelText('College place'));
    pick('Department', 'Library');
    pick('Place', 'Reading hall');
    download();
    expect(await screen.findByText('stickers-library-hall.pdf')).toBeInTheDocument();
    expect(stickerCalls(fetch)).toEqual([
      '/api/stickers.pdf?type=College&subType=Library&place=Reading+hall',
    ]);
  });

  it("fixes a warden's hostel and offers no college stickers", async () => {
    const fetch = mockFetch({ 'GET /api/stickers.pdf': () => pdf('stickers-hostel-5.pdf') });
    renderRoutes(asWarden, ['/stickers']);
    expect(screen.queryByLabelText('Hostel number')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('College place')).not.toBeInTheDocument();
    expect(screen.getByText('Hostel 5', { exact: false })).toBeInTheDocument();
    pick('Rooms', '7');
    download();
    await screen.findByText('stickers-hostel-5.pdf');
    expect(stickerCalls(fetch)).toEqual(['/api/stickers.pdf?type=Hostel&hostelNo=5&rooms=7']);
  });

  it("shows the server's refusal: a 400 on its field, a 403 as a toast", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    let answer = jsonResponse(400, {
      message: MSG_STICKERS.hostelRequired,
      errors: [{ field: 'hostelNo', message: MSG_STICKERS.hostelRequired }],
    });
    mockFetch({ 'GET /api/stickers.pdf': () => answer });
    renderRoutes(asAdmin, ['/stickers']);
    pick('Hostel number', '5');
    pick('Rooms', '101');
    download();
    await waitFor(() => expectPointedAt(screen.getByLabelText('Hostel number'), MSG_STICKERS.hostelRequired));
    answer = jsonResponse(403, { message: MSG_STICKERS.notOwnHostel(4) });
    download();
    await waitFor(() => expect(error).toHaveBeenLastCalledWith(MSG_STICKERS.notOwnHostel(4)));
  });

  it("says so when the hour's sheets are used up (429), and saves nothing", async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => 0);
    mockFetch({
      'GET /api/stickers.pdf': () =>
        new Response(JSON.stringify({ message: MSG_STICKERS.tooManySheets }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '3600' },
        }),
    });
    renderRoutes(asWarden, ['/stickers']);
    pick('Rooms', '7');
    download();
    await waitFor(() => expect(error).toHaveBeenLastCalledWith(MSG_STICKERS.tooManySheets));
    expect(clicked).toEqual([]);
  });
});
