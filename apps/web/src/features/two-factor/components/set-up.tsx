import { MSG_SECURITY, type TTwoFactorSetupResponse } from '@bit/contract';
import type { ReactNode, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { copyText } from './copy-text';

/** The base32 key in groups of four, as authenticator apps show and take it. */
export const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Set-up's first step: the QR code of the otpauth URL and the key as text (for an app that cannot
 * scan, or a phone that is the screen), then the confirming code form (children).
 */
export function SetUp({
  setup,
  heading,
  headingClass,
  children,
}: {
  setup: TTwoFactorSetupResponse;
  heading: RefObject<HTMLHeadingElement | null>;
  headingClass: string;
  children: ReactNode;
}) {
  return (
    <>
      <h2 ref={heading} tabIndex={-1} className={headingClass}>
        Set up two-step sign-in
      </h2>
      <p className="mt-2 text-sm text-slate-700">{MSG_SECURITY.scanOrType}</p>
      <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-start">
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={192}
          height={192}
          className="size-48 shrink-0 self-center rounded-lg border border-slate-200 bg-white p-2 sm:self-start"
        />
        <div className="min-w-0 flex-1">
          <dl>
            <dt className="text-sm font-medium text-slate-700">Key</dt>
            <dd className="mt-1 select-all break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-base tracking-wide text-slate-900">
              {groupKey(setup.secret)}
            </dd>
          </dl>
          <Button variant="secondary" className="mt-2" onClick={() => copyText(setup.secret)}>
            Copy key
          </Button>
        </div>
      </div>
      <p className="mt-6 text-sm text-slate-700">{MSG_SECURITY.confirmHint}</p>
      {children}
    </>
  );
}
