import { MSG_PUSH_WEB } from '@bit/contract';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Card } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/form-field';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { usePreferences } from '../api/get-preferences';
import { useUpdatePreferences } from '../api/update-preferences';

/**
 * CONTRACT 6.3: which channels carry the user's events, email and push, each saved as it is switched.
 * Every role has them (the profile, the authority's settings, the admin's two-step page).
 */
export function ChannelSettings() {
  const query = usePreferences();
  const update = useUpdatePreferences();
  useErrorToast(query.error, (error) => errorMessage(error, MSG_PUSH_WEB.loadFailed));

  const save = (change: { email: boolean } | { push: boolean }) =>
    update.mutate(change, {
      onSuccess: () => toast.success(MSG_PUSH_WEB.saved),
      onError: (error) => toast.error(errorMessage(error, MSG_PUSH_WEB.saveFailed)),
    });

  return (
    <Card className="mt-6">
      <fieldset>
        <legend className="text-lg font-semibold text-brand-900">{MSG_PUSH_WEB.channels}</legend>
        <p className="mt-1 text-sm text-slate-600">{MSG_PUSH_WEB.channelsHint}</p>
        <QueryState
          query={query}
          errorText={errorMessage(query.error, MSG_PUSH_WEB.loadFailed)}
          className="mt-2"
        >
          {(saved) => (
            <div className="mt-2">
              <Checkbox
                label={MSG_PUSH_WEB.email}
                checked={saved.email}
                disabled={update.isPending}
                onChange={(e) => save({ email: e.currentTarget.checked })}
              />
              <Checkbox
                label={MSG_PUSH_WEB.push}
                checked={saved.push}
                disabled={update.isPending}
                onChange={(e) => save({ push: e.currentTarget.checked })}
              />
            </div>
          )}
        </QueryState>
      </fieldset>
    </Card>
  );
}
