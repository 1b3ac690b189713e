import type { TComplaint, TComplaintType } from '@bit/contract';

/** What an incident is about: its type, hostel and category. */
export type TIncidentKind = { type: TComplaintType; hostelNo: number | null; subType: string };

/** Whether the complaints are of one type, hostel and category: then they may be one incident. */
export function kindOf(complaints: readonly TComplaint[]): TIncidentKind | null {
  const [first] = complaints;
  if (!first) return null;
  const same = complaints.every(
    (c) => c.type === first.type && c.hostelNo === first.hostelNo && c.subType === first.subType,
  );
  return same ? { type: first.type, hostelNo: first.hostelNo, subType: first.subType } : null;
}
