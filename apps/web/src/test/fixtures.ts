import type { TUser } from '@bit/contract';

/** A user of each role, for the tests of any screen. */
export const student: TUser = {
  id: 1,
  name: 'Asha Kumari',
  email: 'asha@bitmesra.ac.in',
  role: 'student',
  mobile: '9876543210',
  department: 'Computer Science',
  designation: null,
  hostelNo: null,
  roomNo: null,
  rollNo: 'BTECH/10001/23',
  session: '2023-27',
  approved: true,
  twoFactor: false,
};

export const warden: TUser = {
  ...student,
  id: 2,
  name: 'Dr Rao',
  email: 'rao@bitmesra.ac.in',
  role: 'authority',
  designation: 'Warden',
  department: 'Hostel',
  hostelNo: 3,
  rollNo: null,
  session: null,
};

export const admin: TUser = { ...student, id: 3, name: 'Admin', role: 'admin', rollNo: null };
