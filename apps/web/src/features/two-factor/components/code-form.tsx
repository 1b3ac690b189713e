import type { TTwoFactorCodeRequest } from '@bit/contract';
import { Button, SubmitButton } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/form-field';
import { errorMessage } from '../../../lib/api-client';
import { keepAppCode, keepRecoveryCode } from '../../../lib/code-input';
import { useSchemaForm } from '../../../lib/form';

const loadSchema = () => import('./code-schema').then((m) => m.codeSchema);

/**
 * One code and a submit: a code from the app (`app`), or that or a recovery code (`any`). `send`
 * answers the request; a refusal marks the field (a wrong code is a 400 naming `code`) and toasts.
 */
export function CodeForm({
  kind,
  submit,
  pendingText,
  failed,
  send,
  onCancel,
}: {
  kind: 'app' | 'any';
  submit: string;
  pendingText: string;
  /** the toast when the refusal carries no message */
  failed: string;
  send: (body: TTwoFactorCodeRequest) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useSchemaForm(loadSchema, { defaultValues: { code: '' } });
  const refused = form.refused((error) => errorMessage(error, failed));
  const onValid = (body: TTwoFactorCodeRequest) => send(body).catch(refused);
  const { isSubmitting } = form.formState;

  return (
    <form ref={form.ref} onSubmit={form.submit(onValid)} className="mt-4 space-y-4" noValidate>
      {kind === 'app' ? (
        <TextField
          label="6-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder="123456"
          className="max-w-xs"
          required
          {...form.filtered('code', keepAppCode)}
        />
      ) : (
        <TextField
          label="Code from your app, or a recovery code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          className="max-w-xs"
          required
          {...form.filtered('code', keepRecoveryCode)}
        />
      )}
      <div className="flex flex-wrap gap-2">
        <SubmitButton pending={isSubmitting} pendingText={pendingText}>
          {submit}
        </SubmitButton>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
