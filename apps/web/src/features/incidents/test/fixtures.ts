import type { TComplaint, TIncident, TIncidentWithComplaints, TOpenIncident } from '@bit/contract';

export { admin, student, warden } from '../../../test/fixtures';

export function incident(patch: Partial<TIncident> = {}): TIncident {
  return {
    id: 9,
    title: 'Water supply off in Block B',
    type: 'Hostel',
    hostelNo: 5,
    subType: 'Plumbing',
    status: 'In Progress',
    remarks: null,
    affected: 43,
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T11:00:00.000Z',
    createdBy: { name: 'Dr Rao', designation: 'Warden' },
    ...patch,
  };
}

export function openIncident(patch: Partial<TOpenIncident> = {}): TOpenIncident {
  const { id, title, type, hostelNo, subType, status, affected, updatedAt } = incident(patch);
  return { id, title, type, hostelNo, subType, status, affected, updatedAt };
}

export function linkedComplaint(patch: Partial<TComplaint> = {}): TComplaint {
  return {
    id: 70,
    token: 'CMP-WATER1',
    type: 'Hostel',
    hostelNo: 5,
    roomNo: '101',
    subType: 'Plumbing',
    description: 'No water',
    status: 'In Progress',
    remarks: null,
    assignedTo: null,
    student: { name: 'Asha Kumari', rollNo: 'BTECH/10001/23' },
    createdAt: '2025-01-15T10:00:00.000Z',
    updatedAt: '2025-01-15T10:00:00.000Z',
    reopenCount: 0,
    dueAt: '2025-01-18T10:00:00.000Z',
    overdue: false,
    incident: { id: 9, title: 'Water supply off in Block B' },
    ...patch,
  };
}

export const withComplaints = (
  complaints: TComplaint[],
  patch: Partial<TIncident> = {},
): TIncidentWithComplaints => ({
  ...incident(patch),
  complaints,
});
