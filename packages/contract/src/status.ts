import type { TComplaintStatus } from './enums';

/** SPEC.md: Pending yellow, In Progress blue, Resolved green, anything else red. */
export function statusColour(status: TComplaintStatus | string): 'yellow' | 'blue' | 'green' | 'red' {
  if (status === 'Pending') return 'yellow';
  if (status === 'In Progress') return 'blue';
  if (status === 'Resolved') return 'green';
  return 'red';
}
