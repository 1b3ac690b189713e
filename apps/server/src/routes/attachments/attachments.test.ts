/** CONTRACT 5.3, 6.6: a photo and its thumbnail by id, on SQLite and PostgreSQL. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Built, buildAdmin, buildAuthority, buildStudent } from '../../../test/factories';
import { appWithOwnerAndWarden, file, hostelComplaint, photo, upload } from '../complaints/test-helpers';

const h = 2;
const app = appWithOwnerAndWarden(h);

describe('GET /api/attachments/{id} and /thumb', () => {
  it('serves url and thumbUrl only to whoever may see the complaint, never kept in a cache (private, no-store)', async () => {
    const c = await file(app.t, app.owner, hostelComplaint(h));
    const up = await upload(app.t, app.owner, c.id, await photo('jpeg', 900, 600));
    const { url, thumbUrl } = up.body.data;
    const get = (path: string, who?: Built) =>
      app.t.app.inject({
        method: 'GET',
        url: path,
        headers: who ? { authorization: `Bearer ${who.token}` } : {},
      });
    for (const path of [url, thumbUrl]) {
      for (const who of [
        app.owner,
        app.warden,
        await buildAdmin(app.t),
        await buildAuthority(app.t, 'Other'),
      ]) {
        const res = await get(path, who);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('image/jpeg');
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
      for (const who of [
        await buildStudent(app.t),
        await buildAuthority(app.t, 'Warden', { hostelNo: (h % 13) + 1 }),
      ])
        expect((await get(path, who)).statusCode).toBe(404);
      expect((await get(path)).statusCode).toBe(401);
    }
    const thumb = await sharp((await get(thumbUrl, app.owner)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);
    expect((await get('/api/attachments/999999', app.owner)).statusCode).toBe(404);
  });
});
