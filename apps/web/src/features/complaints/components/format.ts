import type { TComplaint } from '@bit/contract';

// Dates are written by lib/dates.ts (and components/ui/date-time.tsx), the one formatter of the app.

/** "Problem type" for hostel complaints, "Department" for college ones. */
export const subTypeLabel = (type: TComplaint['type']) => (type === 'Hostel' ? 'Problem type' : 'Department');
