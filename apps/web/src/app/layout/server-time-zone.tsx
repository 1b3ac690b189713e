import { useEffect } from 'react';
import { usePublicConfig } from '../../features/auth/api/get-public-config';
import { setTimeZone } from '../../lib/dates';

/** Shows every date in the zone the server names (GET /api/config, CONTRACT 5.5's TIME_ZONE). */
export function ServerTimeZone() {
  const { timeZone } = usePublicConfig();
  useEffect(() => setTimeZone(timeZone), [timeZone]);
  return null;
}
