import { MSG_PUSH_WEB, type TPushSubscriptionRequest } from '@bit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-client';
import { pushKeyQueryOptions } from '../api/get-push-key';
import { useSubscribePush } from '../api/subscribe-push';
import { useUnsubscribePush } from '../api/unsubscribe-push';
import { currentSubscription, pushState, type TPushState, turnOn } from './browser-push';

/**
 * Why turning alerts on failed, in words: the server's answer (an endpoint it refuses), else the
 * browser's (a push service that could not be reached), else that nothing was said.
 */
export function failureReason(error: unknown): string {
  const server = errorMessage(error, '');
  if (server) return server;
  if (error instanceof Error && error.message.trim() !== '') return error.message.trim();
  return 'the browser gave no reason';
}

const STATE_TEXT: Record<TPushState, string> = {
  on: MSG_PUSH_WEB.on,
  off: MSG_PUSH_WEB.off,
  blocked: MSG_PUSH_WEB.blocked,
  unsupported: MSG_PUSH_WEB.unsupported,
};

/**
 * The profile's section on alerts (CONTRACT 6.3's push; "alerts", never "notifications", which is the
 * notice board): what they bring, their state in this browser (on, off, blocked, not possible), why
 * the last try failed, and a button to turn them on or off. Permission is asked
 * only when the button is tapped, never on load.
 */
export function PushCard() {
  const client = useQueryClient();
  const [state, setState] = useState<TPushState | undefined>();
  const [busy, setBusy] = useState(false);
  // issue 51 row 21: why the last try failed, kept in the card until the next try (not a passing toast)
  const [failure, setFailure] = useState<string | null>(null);
  const subscribe = useSubscribePush();
  const unsubscribe = useUnsubscribePush();

  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);

  const on = async () => {
    setBusy(true);
    setFailure(null);
    let made: PushSubscription | null = null;
    try {
      const result = await turnOn(() => client.fetchQuery(pushKeyQueryOptions()));
      if (typeof result === 'string') return setState(result);
      made = result;
      await subscribe.mutateAsync(result.toJSON() as TPushSubscriptionRequest);
      setState('on');
    } catch (error) {
      setFailure(MSG_PUSH_WEB.failedBecause(failureReason(error)));
      // a subscription the server refused would read as "on" here while nothing is ever sent to it
      await made?.unsubscribe().catch(() => undefined);
      setState(await pushState().catch(() => 'off' as const));
    } finally {
      setBusy(false);
    }
  };

  const off = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const sub = await currentSubscription();
      if (sub) {
        await unsubscribe.mutateAsync(sub.endpoint);
        await sub.unsubscribe();
      }
      setState('off');
    } catch (error) {
      setFailure(`${MSG_PUSH_WEB.offFailed} ${failureReason(error)}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="mt-6">
      <h2 className="text-lg font-semibold text-brand-900">{MSG_PUSH_WEB.heading}</h2>
      <p className="mt-1 text-sm text-slate-600">{MSG_PUSH_WEB.explain}</p>
      <p className="mt-3 text-sm font-medium text-slate-900" role="status">
        {state ? STATE_TEXT[state] : ''}
      </p>
      {failure && (
        <p
          role="alert"
          className="mt-2 rounded-lg border border-status-other/30 bg-status-other-bg p-3 text-sm text-status-other"
        >
          {failure}
        </p>
      )}
      {state === 'off' && (
        <Button className="mt-4" onClick={on} disabled={busy}>
          {MSG_PUSH_WEB.turnOn}
        </Button>
      )}
      {state === 'on' && (
        <Button className="mt-4" variant="secondary" onClick={off} disabled={busy}>
          {MSG_PUSH_WEB.turnOff}
        </Button>
      )}
    </Card>
  );
}
