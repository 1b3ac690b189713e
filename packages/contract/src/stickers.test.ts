import { describe, expect, it } from 'vitest';
import { filingFromAddress, filingPathOf, MSG_STICKERS, parseRooms, placeProblem } from './stickers';

describe('parseRooms', () => {
  it('reads rooms and ranges in the order written, each room once', () => {
    expect(parseRooms('101-103, G12,102 ,g1-g3')).toEqual({
      ok: true,
      rooms: ['101', '102', '103', 'G12', 'g1', 'g2', 'g3'],
    });
  });

  it("keeps a range's zero padding", () => {
    expect(parseRooms('08-11')).toEqual({ ok: true, rooms: ['08', '09', '10', '11'] });
  });

  it('refuses a malformed, backward, mixed or oversized list with its message', () => {
    expect(parseRooms('101-')).toEqual({ ok: false, message: MSG_STICKERS.roomsMalformed('101-') });
    expect(parseRooms('5-1')).toEqual({ ok: false, message: MSG_STICKERS.roomsBackwards('5-1') });
    expect(parseRooms('a-z')).toEqual({ ok: false, message: MSG_STICKERS.roomsMalformed('a-z') });
    expect(parseRooms('A1-B2')).toEqual({ ok: false, message: MSG_STICKERS.roomsMixed('A1-B2') });
    expect(parseRooms('')).toEqual({ ok: false, message: MSG_STICKERS.roomsRequired });
    expect(parseRooms('1-1000')).toMatchObject({ ok: true });
    expect(parseRooms('1-1000,G1')).toEqual({ ok: false, message: MSG_STICKERS.roomsTooMany });
    expect(parseRooms('1-99999999999999999999')).toEqual({ ok: false, message: MSG_STICKERS.roomsTooMany });
  });
});

describe('the filing address', () => {
  it('is read back as it was written, for a room and for a place', () => {
    const room = filingPathOf({ type: 'Hostel', hostelNo: 5, roomNo: '101' });
    expect(room).toBe('/file-complaint?type=Hostel&hostelNo=5&roomNo=101');
    expect(filingFromAddress(new URL(room, 'http://x').searchParams)).toEqual({
      type: 'Hostel',
      hostelNo: '5',
      roomNo: '101',
    });
    const place = filingPathOf({ type: 'College', subType: 'IT Support', place: 'Lab 2 & corridor' });
    expect(filingFromAddress(new URL(place, 'http://x').searchParams)).toEqual({
      type: 'College',
      subType: 'IT Support',
      place: 'Lab 2 & corridor',
    });
  });

  it('fills nothing it could not hold', () => {
    const read = (q: string) => filingFromAddress(new URLSearchParams(q));
    expect(read(`type=Hostel&hostelNo=14&roomNo=${'R'.repeat(21)}`)).toEqual({ type: 'Hostel' });
    expect(read('type=College&subType=Plumbing&place=')).toEqual({ type: 'College' });
    expect(read('type=Other&hostelNo=5')).toEqual({});
    expect(read('')).toEqual({});
  });

  it('takes places of 1 to 60 printable characters', () => {
    expect(placeProblem('x'.repeat(60))).toBeNull();
    expect(placeProblem('x'.repeat(61))).toBe(MSG_STICKERS.placeLong);
    expect(placeProblem('😀')).toBe(MSG_STICKERS.placeCharacters);
  });
});
