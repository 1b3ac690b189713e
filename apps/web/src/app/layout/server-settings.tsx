import { AdminTwoFactorGate } from './admin-two-factor-gate';
import { ServerTimeZone } from './server-time-zone';

/** What follows the server's public settings (GET /api/config): the dates' zone, and ADMIN_2FA. */
export function ServerSettings() {
  return (
    <>
      <ServerTimeZone />
      <AdminTwoFactorGate />
    </>
  );
}
