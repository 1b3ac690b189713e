import { PushCard } from '../features/push/components/push-card';
import { ChannelSettings } from '../features/settings/components/channel-settings';

/**
 * CONTRACT 6.3 on the profile of every role: the channels (settings) and this browser's notifications
 * (push), two features composed here since features never import each other.
 */
export function NotificationSettings() {
  return (
    <section aria-label="Notifications" className="mx-auto w-full max-w-2xl px-4 pb-8">
      <ChannelSettings />
      <PushCard />
    </section>
  );
}
