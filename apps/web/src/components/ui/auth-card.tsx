import type { ReactNode, Ref } from 'react';

/** The centred card every sign-in, sign-up and password screen uses. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
  headingRef,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
  footer?: ReactNode;
  /** For a card whose steps change in place: focus goes to the heading, which names the new step. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1
          ref={headingRef}
          tabIndex={headingRef ? -1 : undefined}
          className="text-2xl font-bold text-brand-900 focus:outline-none"
        >
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && <div className="mt-6 space-y-2 text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

export const textLinkClass =
  'font-medium text-brand-700 underline-offset-2 hover:underline inline-flex min-h-11 items-center';
