import { z } from 'zod';
import { ZUser } from './user';

export const ZSetApprovalRequest = z.strictObject({
  approved: z.boolean({ error: 'approved must be true or false' }),
});
export const ZAuthorityList = z.object({ count: z.number().int(), data: z.array(ZUser) });
export const ZUserResponse = z.object({ data: ZUser });
