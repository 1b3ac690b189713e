/** Every two-step sign-in query key starts here. */
export const twoFactorKeys = {
  all: ['two-factor'] as const,
  status: () => ['two-factor', 'status'] as const,
};
