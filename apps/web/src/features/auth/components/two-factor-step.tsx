import {
  MSG_SECURITY,
  recoveryCodesLeftText,
  type TAuthResponse,
  type TTwoFactorCodeRequest,
} from '@bit/contract';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { keepRecoveryCode } from '../../../lib/code-input';
import { useSchemaForm } from '../../../lib/form';
import { useTwoFactorLogin } from '../api/two-factor-login';

const loadSchema = () => import('./login-schema').then((m) => m.codeSchema);

/**
 * A login's second step (CONTRACT 6.5), in the login's card: the ticket of a correct password and a
 * code from the authenticator app, or one of the recovery codes, in one field that takes both (issue
 * 51: a recovery code typed where only digits were kept was stripped to nothing). Focus starts on the
 * heading, which names the step. A wrong code is marked at the field; an account whose codes are
 * locked (429, CONTRACT 6.7) is told so in the card; an expired or burnt ticket (401) goes back to the
 * password with the server's reason. After a recovery code, how many remain.
 */
export function TwoFactorStep({
  ticket,
  onSignedIn,
  onExpired,
  onBack,
}: {
  ticket: string;
  onSignedIn: (answer: TAuthResponse) => void;
  onExpired: (message: string) => void;
  onBack: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const [locked, setLocked] = useState<string | null>(null);
  const verify = useTwoFactorLogin();
  const form = useSchemaForm(loadSchema, { defaultValues: { code: '' } });
  const refused = form.refused((error) => errorMessage(error, MSG_SECURITY.stepFailed));

  const onValid = ({ code }: TTwoFactorCodeRequest) =>
    verify.mutate(
      { ticket, code },
      {
        onSuccess: (answer) => {
          if (answer.recoveryCodesLeft !== undefined)
            toast.info(recoveryCodesLeftText(answer.recoveryCodesLeft));
          onSignedIn(answer);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) {
            onExpired(error.serverMessage ?? MSG_SECURITY.signInExpired);
            return;
          }
          // the wait is the account's, whatever code is typed: said once, in the card
          if (error instanceof ApiError && error.status === 429) {
            setLocked(error.serverMessage ?? MSG_SECURITY.codesLocked);
            return;
          }
          setLocked(null);
          refused(error);
        },
      },
    );

  return (
    <AuthCard title={MSG_SECURITY.stepTitle} headingRef={heading}>
      <p className="text-sm text-slate-700">{MSG_SECURITY.stepHint}</p>
      {locked && (
        <p role="alert" className="mt-4 rounded-lg bg-status-pending-bg p-3 text-sm text-slate-900">
          {locked}
        </p>
      )}
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="mt-4 space-y-4" noValidate>
        <TextField
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="123456 or xxxxx-xxxxx"
          className="font-mono"
          required
          {...form.filtered('code', keepRecoveryCode)}
        />
        <SubmitButton className="w-full" pending={verify.isPending} pendingText="Verifying…">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-4 flex flex-wrap justify-end gap-x-4 text-sm">
        <button type="button" className={textLinkClass} onClick={onBack}>
          Back to password
        </button>
      </div>
    </AuthCard>
  );
}
