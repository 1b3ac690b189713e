import { z } from 'zod';
import { DESIGNATIONS, ROLES } from './enums';

export const ZUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  mobile: z.string().nullable(),
  department: z.string().nullable(),
  designation: z.enum(DESIGNATIONS).nullable(),
  hostelNo: z.number().int().nullable(),
  /** CONTRACT 5.8: a student's room on their profile; null where it does not apply */
  roomNo: z.string().nullable(),
  rollNo: z.string().nullable(),
  session: z.string().nullable(),
  approved: z.boolean(),
  /** CONTRACT 6.5: two-step sign-in is on for this account */
  twoFactor: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;
