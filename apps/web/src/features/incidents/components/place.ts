import type { TComplaintType } from '@bit/contract';

/** Where an incident is: "Hostel 5" or "the College". */
export const incidentPlace = (i: { type: TComplaintType; hostelNo: number | null }) =>
  i.type === 'Hostel' && i.hostelNo !== null ? `Hostel ${i.hostelNo}` : 'the College';
