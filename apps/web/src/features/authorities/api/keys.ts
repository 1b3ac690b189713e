/** Every authority-management query key starts here. */
export const authorityKeys = {
  all: ['authorities'] as const,
  list: () => ['authorities', 'list'] as const,
};
