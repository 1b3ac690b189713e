/** Every push query key starts here. */
export const pushKeys = {
  all: ['push'] as const,
  key: () => ['push', 'key'] as const,
};
