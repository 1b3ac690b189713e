import type { TComplaint } from '@bit/contract';

/** SPEC §9: the authority dashboard's recent list uses day, short month, year in the India locale. */
const recentFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

export const formatRecentDate = (iso: string) => recentFormat.format(new Date(iso));

/** Other dates: the browser's local format. */
export const formatDate = (iso: string) => new Date(iso).toLocaleDateString();
export const formatDateTime = (iso: string) => new Date(iso).toLocaleString();

/** "Problem type" for hostel complaints, "Department" for college ones. */
export const subTypeLabel = (type: TComplaint['type']) => (type === 'Hostel' ? 'Problem type' : 'Department');
