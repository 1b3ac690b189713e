import { z } from 'zod';
import { pageOf, ZPageQuery } from './common';
import { ZUser } from './user';

export const ZSetApprovalRequest = z.strictObject({
  approved: z.boolean({ error: 'approved must be true or false' }),
});
/** GET /api/admin/authorities: a list like every other (CONTRACT 5.6), optionally by approval. */
export const ZAdminAuthoritiesQuery = ZPageQuery.safeExtend({
  approved: z.enum(['true', 'false'], { error: 'approved must be true or false' }).optional(),
});
export type TAdminAuthoritiesQuery = z.infer<typeof ZAdminAuthoritiesQuery>;
export const ZAuthorityList = pageOf(ZUser);
export type TAuthorityList = z.infer<typeof ZAuthorityList>;
export const ZUserResponse = z.object({ data: ZUser });
