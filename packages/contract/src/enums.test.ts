import { describe, expect, it } from 'vitest';
import { DESIGNATIONS, placeOf } from './enums';

describe('where an account belongs (placeOf)', () => {
  it('puts a Network Department authority in department Network and no hostel, whatever it said', () => {
    expect(placeOf('Network Department', { department: 'Physics', hostelNo: 4 })).toEqual({
      department: 'Network',
      hostelNo: null,
    });
    expect(placeOf('Network Department', { department: null, hostelNo: null })).toEqual({
      department: 'Network',
      hostelNo: null,
    });
  });

  it('leaves every other designation, and a user without one, where they said', () => {
    for (const designation of [...DESIGNATIONS.filter((d) => d !== 'Network Department'), null]) {
      expect(placeOf(designation, { department: 'Physics', hostelNo: 4 })).toEqual({
        department: 'Physics',
        hostelNo: 4,
      });
    }
  });
});
