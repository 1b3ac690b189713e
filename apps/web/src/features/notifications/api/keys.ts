/** Every notice query key starts here, so one invalidation refreshes every list. */
export const noticeKeys = {
  all: ['notifications'] as const,
  every: (page: number, before?: number) => ['notifications', 'every', page, before] as const,
  for: (target: string, page: number, before?: number) =>
    ['notifications', 'for', target, page, before] as const,
};
