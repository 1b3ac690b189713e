import type { TProfileRequest, TProfileResponse, TUser } from '@bit/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** CONTRACT 5.8: `PUT /api/me/profile`; answers the user as the server now holds it. */
const updateProfile = (body: TProfileRequest): Promise<TUser> =>
  api.put<TProfileResponse>('/me/profile', body).then((r) => r.data);

export const useUpdateProfile = () => useMutation({ mutationFn: updateProfile });
