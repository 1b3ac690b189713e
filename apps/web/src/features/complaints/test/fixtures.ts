import type { TComplaint, TComplaintWithHistory } from '@bit/contract';

export { admin, student, warden } from '../../../test/fixtures';

export function complaint(patch: Partial<TComplaint> = {}): TComplaint {
  return {
    id: 7,
    token: 'CMP-ABC123',
    type: 'Hostel',
    hostelNo: 3,
    roomNo: '214',
    subType: 'Internet',
    description: 'The Wi-Fi drops every evening',
    status: 'Pending',
    remarks: null,
    assignedTo: null,
    student: { name: 'Asha Kumari', rollNo: 'BTECH/10001/23' },
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    ...patch,
  };
}

export function withHistory(patch: Partial<TComplaint> = {}): TComplaintWithHistory {
  const c = complaint(patch);
  return {
    ...c,
    history: [
      { status: 'Pending', remarks: null, by: { name: c.student.name, designation: null }, at: c.createdAt },
    ],
  };
}

export const page = <T>(data: T[], count = data.length, pageNo = 1, pageSize = 20) => ({
  count,
  page: pageNo,
  pageSize,
  data,
});
