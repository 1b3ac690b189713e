import { MSG_SECURITY, type TTwoFactorSetupResponse } from '@bit/contract';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { QueryState } from '../../../components/query-state';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useErrorToast } from '../../../hooks/use-error-toast';
import { errorMessage } from '../../../lib/api-client';
import { useConfirmTwoFactor } from '../api/confirm-two-factor';
import { useTwoFactor } from '../api/get-two-factor';
import { useStartTwoFactor } from '../api/start-two-factor';
import { useTurnOffTwoFactor } from '../api/turn-off-two-factor';
import { CodeForm } from './code-form';
import { StartForm, TurnOffForm } from './password-forms';
import { RecoveryCodes } from './recovery-codes';
import { SetUp } from './set-up';

export const TITLE = 'Two-step sign-in';

type TStep =
  | { kind: 'status' }
  | { kind: 'password' }
  | { kind: 'set-up'; setup: TTwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'turn-off' };

const headingClass = 'text-lg font-semibold text-brand-900 focus:outline-none';

/**
 * /two-step-sign-in (admins, authorities; CONTRACT 6.5): whether it is on; set it up (the password,
 * CONTRACT 6.7; the QR code and the key as text, a code to confirm, then the 10 recovery codes shown
 * once); turn it off with the password and a code unless ADMIN_2FA=required makes it an admin's duty. Each step's heading takes focus when it shows.
 * `onChange` tells the session the user's `twoFactor` now.
 */
export function TwoStepSignIn({ onChange }: { onChange: (on: boolean) => void }) {
  useDocumentTitle(TITLE);
  const query = useTwoFactor();
  useErrorToast(query.error, (error) => errorMessage(error, MSG_SECURITY.loadFailed));
  const [step, setStep] = useState<TStep>({ kind: 'status' });
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step.kind);
  useEffect(() => {
    if (shown.current === step.kind) return;
    shown.current = step.kind;
    heading.current?.focus();
  }, [step.kind]);

  const start = useStartTwoFactor();
  const confirm = useConfirmTwoFactor();
  const turnOff = useTurnOffTwoFactor();
  const navigate = useNavigate();
  const back = () => setStep({ kind: 'status' });

  const required = query.data?.required === true;
  const mustSetUp = required && query.data?.on === false && step.kind !== 'codes';

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8">
      <h1 className="text-2xl font-bold text-brand-900">{TITLE}</h1>
      {mustSetUp && (
        <p className="mt-3 rounded-lg bg-status-pending-bg p-4 text-sm font-medium text-slate-900">
          {MSG_SECURITY.requiredExplained}
        </p>
      )}
      <Card className="mt-6 max-sm:p-4">
        <QueryState query={query} errorText={errorMessage(query.error, MSG_SECURITY.loadFailed)}>
          {(status) => {
            if (step.kind === 'password')
              return (
                <>
                  <h2 ref={heading} tabIndex={-1} className={headingClass}>
                    Set up two-step sign-in
                  </h2>
                  <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.startHint}</p>
                  <StartForm
                    failed={MSG_SECURITY.setupFailed}
                    send={(body) =>
                      start.mutateAsync(body).then(
                        (setup) => setStep({ kind: 'set-up', setup }),
                        (error) => {
                          // already on, elsewhere: the status says so
                          void query.refetch();
                          throw error;
                        },
                      )
                    }
                    onCancel={back}
                  />
                </>
              );
            if (step.kind === 'set-up')
              return (
                <SetUp setup={step.setup} heading={heading} headingClass={headingClass}>
                  <CodeForm
                    kind="app"
                    submit="Turn on"
                    pendingText="Turning on…"
                    failed={MSG_SECURITY.confirmFailed}
                    send={(body) =>
                      confirm.mutateAsync(body).then(({ message, recoveryCodes }) => {
                        toast.success(message);
                        onChange(true);
                        setStep({ kind: 'codes', codes: recoveryCodes });
                      })
                    }
                    onCancel={back}
                  />
                </SetUp>
              );
            if (step.kind === 'codes')
              return (
                <RecoveryCodes
                  codes={step.codes}
                  heading={heading}
                  headingClass={headingClass}
                  // an admin who had to set it up goes on to the screens it opened
                  onDone={() => (status.required ? navigate(paths.adminDashboard) : back())}
                />
              );
            if (step.kind === 'turn-off')
              return (
                <>
                  <h2 ref={heading} tabIndex={-1} className={headingClass}>
                    Turn off two-step sign-in
                  </h2>
                  <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.turnOffPasswordHint}</p>
                  <TurnOffForm
                    failed={MSG_SECURITY.turnOffFailed}
                    send={(body) =>
                      turnOff.mutateAsync(body).then(({ message }) => {
                        toast.success(message);
                        onChange(false);
                        back();
                      })
                    }
                    onCancel={back}
                  />
                </>
              );
            return (
              <StatusView
                on={status.on}
                required={status.required}
                recoveryCodesLeft={status.recoveryCodesLeft}
                heading={heading}
              >
                {status.on ? (
                  !status.required && (
                    <Button variant="secondary" onClick={() => setStep({ kind: 'turn-off' })}>
                      Turn off
                    </Button>
                  )
                ) : (
                  <Button onClick={() => setStep({ kind: 'password' })}>Set up</Button>
                )}
              </StatusView>
            );
          }}
        </QueryState>
      </Card>
    </section>
  );
}

function StatusView({
  on,
  required,
  recoveryCodesLeft,
  heading,
  children,
}: {
  on: boolean;
  required: boolean;
  recoveryCodesLeft: number;
  heading: RefObject<HTMLHeadingElement | null>;
  children: ReactNode;
}) {
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className={`${headingClass} flex items-center gap-2`}>
        <span
          aria-hidden="true"
          className={`inline-block size-3 shrink-0 rounded-full ${on ? 'bg-status-resolved' : 'bg-slate-400'}`}
        />
        {on ? MSG_SECURITY.twoFactorOn : MSG_SECURITY.twoFactorOff}
      </h2>
      <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.about}</p>
      {on && (
        <p className="mt-2 text-sm text-slate-700">
          Recovery codes left: <span className="font-semibold">{recoveryCodesLeft}</span>
        </p>
      )}
      {on && required && <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.requiredForAdmins}</p>}
      <div className="mt-4 flex flex-wrap gap-2">{children}</div>
    </>
  );
}
