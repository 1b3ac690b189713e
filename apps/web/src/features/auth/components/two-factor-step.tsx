import { MSG_SECURITY, type TAuthResponse, type TTwoFactorCodeRequest } from '@bit/contract';
import { useEffect, useRef, useState } from 'react';
import { AuthCard, textLinkClass } from '../../../components/ui/auth-card';
import { SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { keepAppCode, keepRecoveryCode } from '../../../lib/code-input';
import { useSchemaForm } from '../../../lib/form';
import { useTwoFactorLogin } from '../api/two-factor-login';

const loadSchema = () => import('./login-schema').then((m) => m.codeSchema);

/**
 * A login's second step (CONTRACT 6.5), in the login's card: the ticket of a correct password and a
 * code from the authenticator app, or one of the recovery codes. Focus starts on the heading, which
 * names the step. A wrong code is marked at the field; an expired or burnt ticket (401) goes back to
 * the password with the server's reason.
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
  const [recovery, setRecovery] = useState(false);
  const verify = useTwoFactorLogin();
  const form = useSchemaForm(loadSchema, { defaultValues: { code: '' } });
  const refused = form.refused((error) => errorMessage(error, MSG_SECURITY.stepFailed));

  // the other kind of code: an empty field of that kind, with focus in it
  const shown = useRef(recovery);
  const { setValue, clearErrors, setFocus } = form;
  useEffect(() => {
    if (shown.current === recovery) return;
    shown.current = recovery;
    setValue('code', '');
    clearErrors('code');
    setFocus('code');
  }, [recovery, setValue, clearErrors, setFocus]);

  const onValid = ({ code }: TTwoFactorCodeRequest) =>
    verify.mutate(
      { ticket, code },
      {
        onSuccess: onSignedIn,
        onError: (error) =>
          error instanceof ApiError && error.status === 401
            ? onExpired(error.serverMessage ?? MSG_SECURITY.signInExpired)
            : refused(error),
      },
    );

  return (
    <AuthCard title={MSG_SECURITY.stepTitle} headingRef={heading}>
      <p className="text-sm text-slate-700">
        {recovery ? MSG_SECURITY.stepRecoveryHint : MSG_SECURITY.stepAppHint}
      </p>
      <form ref={form.ref} onSubmit={form.submit(onValid)} className="mt-4 space-y-4" noValidate>
        {recovery ? (
          <TextField
            key="recovery"
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="xxxxx-xxxxx"
            className="font-mono"
            required
            {...form.filtered('code', keepRecoveryCode)}
          />
        ) : (
          <TextField
            key="app"
            label="6-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            placeholder="123456"
            required
            {...form.filtered('code', keepAppCode)}
          />
        )}
        <SubmitButton className="w-full" pending={verify.isPending} pendingText="Verifying…">
          Verify
        </SubmitButton>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-x-4 text-sm">
        <button type="button" className={textLinkClass} onClick={() => setRecovery((r) => !r)}>
          {recovery ? 'Use a code from your app' : 'Use a recovery code'}
        </button>
        <button type="button" className={textLinkClass} onClick={onBack}>
          Back to password
        </button>
      </div>
    </AuthCard>
  );
}
