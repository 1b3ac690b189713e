import { describe, expect, it } from 'vitest';
import { accountPlace, DESIGNATIONS } from './enums';

describe('where an account belongs (accountPlace)', () => {
  it('puts a Network Department authority in department Network and no hostel, whatever it said', () => {
    expect(accountPlace('Network Department', { department: 'Physics', hostelNo: 4 })).toEqual({
      department: 'Network',
      hostelNo: null,
    });
    expect(accountPlace('Network Department', { department: null, hostelNo: null })).toEqual({
      department: 'Network',
      hostelNo: null,
    });
  });

  it('leaves every other designation, and a user without one, where they said', () => {
    for (const designation of [...DESIGNATIONS.filter((d) => d !== 'Network Department'), null]) {
      expect(accountPlace(designation, { department: 'Physics', hostelNo: 4 })).toEqual({
        department: 'Physics',
        hostelNo: 4,
      });
    }
  });
});
