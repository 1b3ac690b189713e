/** Every feedback query key starts here. */
export const feedbackKeys = {
  all: ['feedback'] as const,
  pending: () => ['feedback', 'pending'] as const,
};
