/**
 * CONTRACT 6.4: QR stickers. The PDF is read back with poppler's own tools (pdftotext for the print,
 * pdfimages for the codes), and each code's modules are compared with qrcode's encoding of the
 * address it must open: what a phone decodes is exactly that address.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG_COMPLAINT, MSG_STICKERS, STICKERS_MAX } from '@bit/contract';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { STICKERS_PER_PAGE } from '../../services/complaints/stickers';

let t: TestApp;
let admin: Built;
let warden5: Built;
let clerk5: Built;
let warden4: Built;
let dir: string;
beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://complaints.example.edu' } });
  admin = await buildAdmin(t);
  warden5 = await buildAuthority(t, 'Warden', { hostelNo: 5 });
  clerk5 = await buildAuthority(t, 'Hostel Clerk', { hostelNo: 5 });
  warden4 = await buildAuthority(t, 'Warden', { hostelNo: 4 });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stickers-test-'));
});
afterAll(async () => {
  fs.rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function stickers(user: Built | null, query: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/stickers.pdf',
    query,
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
  });
  const json = String(res.headers['content-type']).includes('json') ? res.json() : undefined;
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload, json };
}

let files = 0;
function saved(bytes: Buffer): string {
  const file = path.join(dir, `sheet-${++files}.pdf`);
  fs.writeFileSync(file, bytes);
  return file;
}

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const pageCount = (file: string) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);

/** pdfimages -list: the images of each page, in the order they are drawn. */
function imagesPerPage(file: string): number[] {
  const rows = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  const counts: number[] = [];
  for (const row of rows) {
    const page = Number(row.trim().split(/\s+/)[0]);
    counts[page - 1] = (counts[page - 1] ?? 0) + 1;
  }
  return counts;
}

/** Each image of the file as rows of dark (true) and light pixels, in drawing order. */
async function imagesOf(file: string): Promise<boolean[][][]> {
  const out = path.join(dir, `img-${++files}`);
  execFileSync('pdfimages', ['-png', file, out]);
  const names = fs
    .readdirSync(dir)
    .filter((n) => n.startsWith(path.basename(out)))
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const { data, info } = await sharp(path.join(dir, name))
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      return Array.from({ length: info.height }, (_, y) =>
        Array.from(
          { length: info.width },
          (_, x) => (data[y * info.width * info.channels + x * info.channels] ?? 255) < 128,
        ),
      );
    }),
  );
}

/** qrcode's encoding of an address, with the 4-module quiet zone the stickers print round it. */
function expectedModules(url: string): boolean[][] {
  const { modules } = QRCode.create(url, { errorCorrectionLevel: 'M' });
  const side = modules.size + 8;
  return Array.from({ length: side }, (_, y) =>
    Array.from({ length: side }, (_, x) => {
      const r = y - 4;
      const c = x - 4;
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && modules.get(r, c) === 1;
    }),
  );
}

const roomUrl = (room: string) =>
  `https://complaints.example.edu/file-complaint?type=Hostel&hostelNo=5&roomNo=${room}`;

describe('making a sheet of stickers', () => {
  it('gives an admin an A4 PDF in which each room of the list is printed with its hostel and what scanning does', async () => {
    const res = await stickers(admin, { hostelNo: '5', rooms: '101-103, 201-202,G12' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="stickers-hostel-5.pdf"');
    expect(res.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const file = saved(res.bytes);
    expect(execFileSync('pdfinfo', [file], { encoding: 'utf8' })).toMatch(
      /Page size:\s+595\.2\d? x 841\.8\d? pts \(A4\)/,
    );
    const text = pdfText(file);
    for (const room of ['101', '102', '103', '201', '202', 'G12']) expect(text).toContain(`Room ${room}`);
    expect(text).not.toContain('Room 104');
    expect(text.match(/Hostel 5/g)).toHaveLength(6);
    expect(text.match(new RegExp(MSG_STICKERS.scanHostel, 'g'))).toHaveLength(6);
  });

  it('draws one code a sticker, 12 a page, each encoding the filing address of its own room', async () => {
    const rooms = Array.from({ length: 26 }, (_, i) => String(301 + i));
    const res = await stickers(warden5, { hostelNo: '5', rooms: '301-326' });
    expect(res.status).toBe(200);
    const file = saved(res.bytes);
    expect(imagesPerPage(file)).toEqual([STICKERS_PER_PAGE, STICKERS_PER_PAGE, 2]);
    const images = await imagesOf(file);
    expect(images).toHaveLength(rooms.length);
    rooms.forEach((room, i) => {
      expect(images[i], `the code of room ${room}`).toEqual(expectedModules(roomUrl(room)));
    });
  });

  it('lets a Hostel Clerk print for their hostel too', async () => {
    const res = await stickers(clerk5, { hostelNo: '5', rooms: '7' });
    expect(res.status).toBe(200);
    expect(pdfText(saved(res.bytes))).toContain('Room 7');
  });

  it('prints a college place with its department, its code opening the form for that department and place', async () => {
    const place = 'Reading room, 2nd floor & stairs';
    const res = await stickers(admin, { type: 'College', subType: 'Library', place });
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="stickers-library-reading-room-2nd-floor-stairs.pdf"',
    );
    const file = saved(res.bytes);
    const text = pdfText(file);
    expect(text).toContain('Library');
    expect(text).toContain(place);
    expect(text).toContain(MSG_STICKERS.scanCollege);
    const [image] = await imagesOf(file);
    expect(image).toEqual(
      expectedModules(
        'https://complaints.example.edu/file-complaint?type=College&subType=Library&place=Reading+room%2C+2nd+floor+%26+stairs',
      ),
    );
  });

  it(`makes ${STICKERS_MAX} stickers in one sheet, every room printed once`, async () => {
    const res = await stickers(admin, { hostelNo: '5', rooms: '1-1000' });
    expect(res.status).toBe(200);
    const file = saved(res.bytes);
    expect(pageCount(file)).toBe(Math.ceil(STICKERS_MAX / STICKERS_PER_PAGE));
    const printed = [...pdfText(file).matchAll(/Room (\d+)/g)].map((m) => Number(m[1]));
    expect(printed.sort((a, b) => a - b)).toEqual(Array.from({ length: STICKERS_MAX }, (_, i) => i + 1));
    expect(imagesPerPage(file).reduce((a, b) => a + b, 0)).toBe(STICKERS_MAX);
  });
});

it('builds sheets asked for at once one after another, each whole', async () => {
  const sheets = await Promise.all(
    ['1-30', '31-60', '61-90'].map((rooms) => stickers(admin, { hostelNo: '5', rooms })),
  );
  sheets.forEach((res, k) => {
    expect(res.status).toBe(200);
    const text = pdfText(saved(res.bytes));
    expect(text).toContain(`Room ${30 * k + 1}`);
    expect(text).toContain(`Room ${30 * k + 30}`);
    expect(text.match(/Room \d+/g)).toHaveLength(30);
  });
});

describe('who may make stickers', () => {
  it('refuses a warden another hostel with 403 naming their own', async () => {
    const res = await stickers(warden4, { hostelNo: '5', rooms: '101' });
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: MSG_STICKERS.notOwnHostel(4) });
  });

  it('refuses hostel staff college stickers, and every authority who is not hostel staff', async () => {
    expect((await stickers(warden5, { type: 'College', subType: 'Library', place: 'Hall' })).status).toBe(
      403,
    );
    const other = await buildAuthority(t, 'Other');
    const network = await buildAuthority(t, 'Network Department');
    expect((await stickers(other, { hostelNo: '5', rooms: '101' })).status).toBe(403);
    expect((await stickers(network, { hostelNo: '5', rooms: '101' })).status).toBe(403);
    expect((await stickers(other, { type: 'College', subType: 'Library', place: 'Hall' })).json).toEqual({
      message: MSG_STICKERS.collegeAdminOnly,
    });
  });

  it('refuses a warden awaiting approval, a student with 403 and a visitor with 401', async () => {
    const pending = await buildAuthority(t, 'Warden', { hostelNo: 5, approved: false });
    const refused = await stickers(pending, { hostelNo: '5', rooms: '101' });
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: MSG_COMPLAINT.notApproved });
    expect((await stickers(await buildStudent(t), { hostelNo: '5', rooms: '101' })).status).toBe(403);
    expect((await stickers(null, { hostelNo: '5', rooms: '101' })).status).toBe(401);
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, string>, string, string]> = [
    ['a range over 1,000', { hostelNo: '5', rooms: '1-1001' }, 'rooms', MSG_STICKERS.roomsTooMany],
    [
      'ranges adding up to over 1,000',
      { hostelNo: '5', rooms: '1-600,601-1001' },
      'rooms',
      MSG_STICKERS.roomsTooMany,
    ],
    ['a huge range', { hostelNo: '5', rooms: '1-999999999999' }, 'rooms', MSG_STICKERS.roomsTooMany],
    [
      'a range without its end',
      { hostelNo: '5', rooms: '101-' },
      'rooms',
      MSG_STICKERS.roomsMalformed('101-'),
    ],
    ['a backward range', { hostelNo: '5', rooms: '5-1' }, 'rooms', MSG_STICKERS.roomsBackwards('5-1')],
    ['a range of letters', { hostelNo: '5', rooms: 'a-z' }, 'rooms', MSG_STICKERS.roomsMalformed('a-z')],
    ['a range of two wings', { hostelNo: '5', rooms: 'A1-B9' }, 'rooms', MSG_STICKERS.roomsMixed('A1-B9')],
    ['an empty list', { hostelNo: '5', rooms: '' }, 'rooms', MSG_STICKERS.roomsRequired],
    ['only commas', { hostelNo: '5', rooms: ' , ,' }, 'rooms', MSG_STICKERS.roomsRequired],
    ['no rooms at all', { hostelNo: '5' }, 'rooms', MSG_STICKERS.roomsRequired],
    ['a room too long', { hostelNo: '5', rooms: 'R'.repeat(21) }, 'rooms', MSG_STICKERS.roomLong],
    ['an unknown hostel', { hostelNo: '14', rooms: '101' }, 'hostelNo', MSG_STICKERS.hostelRequired],
    ['hostel 0', { hostelNo: '0', rooms: '101' }, 'hostelNo', MSG_STICKERS.hostelRequired],
    [
      'a hostel that is not a number',
      { hostelNo: '5a', rooms: '101' },
      'hostelNo',
      MSG_STICKERS.hostelRequired,
    ],
    ['no hostel', { rooms: '101' }, 'hostelNo', MSG_STICKERS.hostelRequired],
    ['an unknown type', { type: 'Campus', hostelNo: '5', rooms: '101' }, 'type', MSG_STICKERS.typeInvalid],
    [
      'an unknown department',
      { type: 'College', subType: 'Plumbing', place: 'Hall' },
      'subType',
      MSG_STICKERS.departmentRequired,
    ],
    ['no place', { type: 'College', subType: 'Library' }, 'place', MSG_STICKERS.placeRequired],
    [
      'a blank place',
      { type: 'College', subType: 'Library', place: '   ' },
      'place',
      MSG_STICKERS.placeRequired,
    ],
    [
      'a place too long',
      { type: 'College', subType: 'Library', place: 'x'.repeat(61) },
      'place',
      MSG_STICKERS.placeLong,
    ],
    [
      'a place the sticker cannot print',
      { type: 'College', subType: 'Library', place: 'पुस्तकालय' },
      'place',
      MSG_STICKERS.placeCharacters,
    ],
  ];
  for (const [what, query, field, message] of cases) {
    it(`answers ${what} with 400 naming ${field}`, async () => {
      const res = await stickers(admin, query);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message, errors: [{ field, message }] });
    });
  }

  it('judges the input before the hostel: a warden of another hostel with a bad list gets the 400', async () => {
    const res = await stickers(warden4, { hostelNo: '5', rooms: '5-1' });
    expect(res.status).toBe(400);
  });

  it('prints a place of 60 characters, accents and all', async () => {
    const place = `Salle d’étude ${'x'.repeat(45)}`;
    const res = await stickers(admin, { type: 'College', subType: 'Academic', place });
    expect(res.status).toBe(200);
    expect(pdfText(saved(res.bytes)).replace(/\s+/g, '')).toContain(place.replace(/\s+/g, ''));
  });
});

it('documents the endpoint in the OpenAPI document as a PDF', async () => {
  const res = await t.request({ method: 'GET', url: '/api/docs/json' });
  const op = res.body.paths['/api/stickers.pdf']?.get;
  expect(op).toBeDefined();
  expect(Object.keys(op.responses['200'].content)).toEqual(['application/pdf']);
  expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(
    expect.arrayContaining(['type', 'hostelNo', 'rooms', 'subType', 'place']),
  );
});
