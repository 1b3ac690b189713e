import type { TTwoFactorOffRequest, TTwoFactorStartRequest } from '@bit/contract';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { keepRecoveryCode } from '../../../lib/code-input';
import { useSchemaForm } from '../../../lib/form';

const loadStart = () => import('./code-schema').then((m) => m.startSchema);
const loadOff = () => import('./code-schema').then((m) => m.offSchema);

function PasswordField(props: ReturnType<ReturnType<typeof useSchemaForm>['field']>) {
  return (
    <TextField
      label="Your password"
      type="password"
      autoComplete="current-password"
      className="max-w-xs"
      required
      {...props}
    />
  );
}

/**
 * CONTRACT 6.7: the set-up begins with the current password, so a session left open is not enough.
 * A wrong one is a 400 naming `password`, marked at the field; `send` answers the request.
 */
export function StartForm({
  failed,
  send,
  onCancel,
}: {
  failed: string;
  send: (body: TTwoFactorStartRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(loadStart, { defaultValues: { password: '' } });
  const refused = form.refused((error) => errorMessage(error, failed));
  const { isSubmitting } = form.formState;
  return (
    <form
      ref={form.ref}
      onSubmit={form.submit((body) => send(body).catch(refused))}
      className="mt-4 space-y-4"
      noValidate
    >
      <PasswordField {...form.field('password')} />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} pendingText="Starting…">
          Continue
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Turning it off: the current password and a code from the app, or a recovery code, in one field. */
export function TurnOffForm({
  failed,
  send,
  onCancel,
}: {
  failed: string;
  send: (body: TTwoFactorOffRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(loadOff, { defaultValues: { password: '', code: '' } });
  const refused = form.refused((error) => errorMessage(error, failed));
  const { isSubmitting } = form.formState;
  return (
    <form
      ref={form.ref}
      onSubmit={form.submit((body) => send(body).catch(refused))}
      className="mt-4 space-y-4"
      noValidate
    >
      <PasswordField {...form.field('password')} />
      <TextField
        label="Code from your app, or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        className="max-w-xs"
        required
        {...form.filtered('code', keepRecoveryCode)}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} pendingText="Turning off…">
          Turn off
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
