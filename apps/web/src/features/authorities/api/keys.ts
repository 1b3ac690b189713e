/** Every authority-management query key starts here. */
export const authorityKeys = {
  all: ['authorities'] as const,
  list: (q: { page: number; approved?: boolean }) => ['authorities', 'list', q] as const,
};
