import { HOSTEL_NUMBERS } from '@bit/contract';

/** The hostel choices of every picker: value the number as text, label "Hostel n". */
export const hostelOptions = HOSTEL_NUMBERS.map((n) => ({ value: String(n), label: `Hostel ${n}` }));

/** The hostel picker of the forms that ask for one (authority signup, a hostel complaint). */
export const hostelChoice = { label: 'Hostel number', placeholder: 'Select hostel', options: hostelOptions };
