/**
 * CONTRACT 6.7: at most 10 sticker sheets a user an hour (429 with Retry-After and its message),
 * decided by one conditional write, so that requests sent at once cannot pass it together. On
 * SQLite and PostgreSQL.
 */
import { MSG_STICKERS, STICKER_SHEETS_PER_HOUR } from '@bit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atOnce, expectRefused } from '../../../test/at-once';
import { type Built, buildAdmin, buildAuthority } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { stickerSheetKey } from '../../services/complaints/stickers';

const HOUR = 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A sheet of one sticker: cheap to build, so the tests are about the count. */
const sheet = (user: Built, query: Record<string, string> = { hostelNo: '5', rooms: '101' }) =>
  t.request({ method: 'GET', url: `/api/stickers.pdf?${new URLSearchParams(query)}`, token: user.token });

describe('sticker sheets an hour', () => {
  it('makes exactly 10 of 60 sheets one warden asks for at once, refusing the rest with 429, Retry-After and the message', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 5 });
    const burst = await atOnce(60, () => sheet(warden));
    expect(burst.statuses).toEqual({ 200: STICKER_SHEETS_PER_HOUR, 429: 60 - STICKER_SHEETS_PER_HOUR });
    // the hour runs from the first sheet, made at this very moment
    expectRefused(burst.with(429), MSG_STICKERS.tooManySheets, HOUR / 1000);
    // the count is the warden's own: another user still makes theirs
    const admin = await buildAdmin(t);
    expect((await sheet(admin)).status).toBe(200);
  });

  it('makes sheets again once the hour since the first has passed, and counts no sheet refused with 403', async () => {
    const warden = await buildAuthority(t, 'Warden', { hostelNo: 6 });
    // another hostel: refused by the policy, before anything is counted
    for (let i = 0; i < 12; i++) expect((await sheet(warden)).status).toBe(403);
    for (let i = 0; i < STICKER_SHEETS_PER_HOUR; i++) {
      expect((await sheet(warden, { hostelNo: '6', rooms: '101' })).status).toBe(200);
      t.clock.advance(60_000);
    }
    const full = await sheet(warden, { hostelNo: '6', rooms: '101' });
    expect(full.status).toBe(429);
    expect(Number(full.headers['retry-after'])).toBe((HOUR - 10 * 60_000) / 1000);
    t.clock.advance(HOUR - 10 * 60_000);
    expect((await sheet(warden, { hostelNo: '6', rooms: '101' })).status).toBe(200);
  });

  it('keeps the count in the database, where every server process reads it', async () => {
    const admin = await buildAdmin(t);
    await t.ctx.database.db
      .insertInto('throttle')
      .values({
        key: stickerSheetKey(admin.id),
        count: STICKER_SHEETS_PER_HOUR,
        window_start: t.clock.now(),
        blocked_until: 0,
      })
      .execute();
    const refused = await sheet(admin, { type: 'College', subType: 'Library', place: 'Reading room' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: MSG_STICKERS.tooManySheets });
  });
});
