/** Every admin dashboard query key starts here. */
export const adminDashboardKeys = {
  all: ['admin-dashboard'] as const,
  stats: () => ['admin-dashboard', 'stats'] as const,
  recentFeedback: () => ['admin-dashboard', 'recent-feedback'] as const,
};
