import { useSyncExternalStore } from 'react';
import { subscribeTimeZone, timeZone } from '../lib/dates';

/** The zone dates are shown in; the component is drawn again when the server's answer changes it. */
export const useTimeZone = () => useSyncExternalStore(subscribeTimeZone, timeZone, timeZone);
