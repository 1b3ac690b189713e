/** Every auth query key starts here. */
export const authKeys = {
  all: ['auth'] as const,
  config: () => ['auth', 'config'] as const,
};
