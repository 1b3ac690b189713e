/** Every settings query key starts here. */
export const settingsKeys = {
  all: ['settings'] as const,
  preferences: () => ['settings', 'preferences'] as const,
};
