import { PushCard } from '../features/push/components/push-card';
import { ChannelSettings } from '../features/settings/components/channel-settings';

/**
 * CONTRACT 6.3 on every role's own page: the channels (settings) and this browser's alerts (push),
 * two features composed here since features never import each other. An authority's settings hold
 * the channels in their own card, beside how often new complaints come (`channels={false}`).
 */
export function NotificationSettings({ channels = true }: { channels?: boolean }) {
  return (
    <section aria-label="Email and alerts" className="mx-auto w-full max-w-2xl px-4 pb-8">
      {channels && <ChannelSettings />}
      <PushCard />
    </section>
  );
}
