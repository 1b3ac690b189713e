import type { TActor, TAttachment, TComplaint, TComplaintWithHistory, TMessage } from '@bit/contract';

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
    reopenCount: 0,
    dueAt: '2025-01-18T10:00:00.000Z',
    overdue: false,
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
    messages: [],
    attachments: [],
  };
}

export const asStudent: TActor = { name: 'Asha Kumari', role: 'student', designation: null };
export const asWarden: TActor = { name: 'Dr Rao', role: 'authority', designation: 'Warden' };

export function message(id: number, body: string, at: string, by: TActor = asStudent): TMessage {
  return { id, body, by, at };
}

export function attachment(id: number, at: string, by: TActor = asStudent): TAttachment {
  return {
    id,
    url: `/api/attachments/${id}`,
    thumbUrl: `/api/attachments/${id}/thumb`,
    contentType: 'image/jpeg',
    width: 2048,
    height: 1536,
    bytes: 350_000,
    by,
    at,
  };
}

/** An ISO time this many days before now (the 14-day rules count from now). */
export const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000).toISOString();

export const page = <T>(data: T[], count = data.length, pageNo = 1, pageSize = 20) => ({
  count,
  page: pageNo,
  pageSize,
  data,
});
