/** CONTRACT 5.3: photos on a complaint, each rule by role, on SQLite and PostgreSQL. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildStudent } from '../../../test/factories';
import { appWithOwnerAndWarden, detail, file, hostelComplaint, photo, upload } from './test-helpers';

const h = 2;
const app = appWithOwnerAndWarden(h);

describe('photos (5.3)', () => {
  const countPhotos = async () =>
    Number(
      (
        await app.t.ctx.database.db
          .selectFrom('complaint_attachments')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('accepts JPEG, PNG and WebP from the owner and an authority in scope, and lists them on the complaint', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const types: string[] = [];
    for (const [format, who] of [
      ['jpeg', app.owner],
      ['png', app.warden],
      ['webp', app.owner],
    ] as const) {
      const res = await upload(app.t, who, c.id, await photo(format), `x.${format}`, `image/${format}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      expect(res.body.data).toMatchObject({ width: 120, height: 90, contentType: `image/${format}` });
      expect(res.body.data.url).toBe(`/api/attachments/${res.body.data.id}`);
      types.push(res.body.data.contentType);
    }
    expect(
      (await detail(app.t, app.owner, c.token)).attachments.map(
        (a: { contentType: string }) => a.contentType,
      ),
    ).toEqual(types);
  });

  it('stores a JPEG with GPS EXIF without it, and an orientation-6 photo upright (read back from the stored bytes)', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const gps = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#888' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'TellTale' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '23/1 24/1 0/1' } })
      .toBuffer();
    const up = await upload(app.t, app.owner, c.id, gps);
    expect(up.status).toBe(201);
    const stored = await app.t.app.inject({
      method: 'GET',
      url: up.body.data.url,
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    expect(stored.statusCode).toBe(200);
    const meta = await sharp(stored.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(stored.rawPayload.includes(Buffer.from('TellTale'))).toBe(false);

    const sideways = await sharp({ create: { width: 100, height: 40, channels: 3, background: '#333' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const upright = await upload(app.t, app.owner, c.id, sideways);
    expect([upright.body.data.width, upright.body.data.height]).toEqual([40, 100]);
    const file2 = await app.t.app.inject({
      method: 'GET',
      url: upright.body.data.url,
      headers: { authorization: `Bearer ${app.owner.token}` },
    });
    const m2 = await sharp(file2.rawPayload).metadata();
    expect([m2.width, m2.height, m2.orientation]).toEqual([40, 100, undefined]);
  });

  it('refuses a PDF, an SVG, a HEIC, text named .jpg, a truncated JPEG and 60 megapixels, storing nothing', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const before = await countPhotos();
    const full = await photo('jpeg', 400, 300);
    const cases: [Uint8Array, string, string, number][] = [
      [Buffer.from('%PDF-1.4\n%%EOF'), 'a.pdf', 'application/pdf', 415],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.svg', 'image/svg+xml', 415],
      [
        Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(40)]),
        'a.heic',
        'image/heic',
        415,
      ],
      [Buffer.from('hello, I am text'), 'a.jpg', 'image/jpeg', 415],
      [full.subarray(0, full.length >> 1), 'cut.jpg', 'image/jpeg', 415],
      [await photo('png', 10_000, 6_000), 'huge.png', 'image/png', 413],
    ];
    for (const [data, name, type, status] of cases) {
      const res = await upload(app.t, app.owner, c.id, data, name, type);
      expect({ name, status: res.status }).toEqual({ name, status });
    }
    expect(await countPhotos()).toBe(before);
  });

  it('refuses the seventh photo with 409', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const small = await photo('jpeg', 20, 20);
    for (let i = 0; i < 6; i++) expect((await upload(app.t, app.owner, c.id, small)).status).toBe(201);
    const seventh = await upload(app.t, app.warden, c.id, small);
    expect(seventh.status).toBe(409);
    expect(seventh.body).toEqual({ message: 'A complaint can have at most 6 photos' });
    // refused before it is read or decoded: even bytes that are no image get the 409, not the 415 a decode gives
    const notAnImage = await upload(app.t, app.owner, c.id, Buffer.from('hello, I am text'));
    expect(notAnImage.status).toBe(409);
  });

  it('refuses who may not add a photo before it reads the upload', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const broken = (who: Built) =>
      app.t.request({
        method: 'POST',
        url: `/api/complaints/${c.id}/attachments`,
        token: who.token,
        headers: { 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n',
      });
    // the body is malformed: its owner is told so, an admin and a stranger learn only that they may not
    expect((await broken(app.owner)).status).toBe(400);
    expect((await broken(await buildAdmin(app.t))).status).toBe(403);
    expect((await broken(await buildStudent(app.t))).status).toBe(404);
  });
});
