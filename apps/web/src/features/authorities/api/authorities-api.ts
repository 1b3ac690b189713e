import type { TUser } from '@bit/contract';
import { api } from '../../../lib/api-client';

export const authoritiesKey = ['admin', 'authorities'] as const;

export function getAuthorities() {
  return api.get<{ count: number; data: TUser[] }>('/admin/authorities');
}

export function setApproval(id: number, approved: boolean) {
  return api.put<{ data: TUser }>(`/admin/authorities/${id}`, { approved });
}
