import { type ReactNode, useId, useLayoutEffect, useRef } from 'react';
import { focusMainHeading } from '../../lib/focus';

type TModalProps = {
  open: boolean;
  /** Escape, a tap on the backdrop; the caller decides (it may refuse while a request runs). */
  onClose: () => void;
  /** the dialog's accessible name, shown as its heading */
  title: ReactNode;
  /** an optional sentence under the title, read as the dialog's description */
  description?: ReactNode;
  /** the panel's width and padding */
  panelClassName?: string;
  /** the backdrop's shade */
  backdropClassName?: string;
  titleClassName?: string;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first, Shift+Tab from the first to the last: a modal dialog
 * leaves the page behind inert, but would let focus out to the browser's own controls.
 */
function keepFocusInside(dialog: HTMLElement, event: { shiftKey: boolean; preventDefault: () => void }) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

/**
 * A modal dialog on the browser's own `<dialog>` (showModal): the page behind it is inert (focus
 * stays inside, Tab going round its controls; screen readers read only the dialog), Escape closes it,
 * it is named by its title and described by its description, focus starts on the element marked `data-autofocus` (else the first
 * focusable one) and goes back to what had it before, usually the button that opened it (or, when
 * that is gone, to the screen's heading). A tap on
 * the backdrop closes it too. Nothing is rendered while it is closed.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  panelClassName = 'max-w-lg p-6',
  backdropClassName = 'backdrop:bg-slate-900/40',
  titleClassName = 'text-lg font-semibold text-brand-900',
  children,
}: TModalProps) {
  if (!open) return null;
  return (
    <OpenModal
      onClose={onClose}
      title={title}
      description={description}
      panelClassName={panelClassName}
      backdropClassName={backdropClassName}
      titleClassName={titleClassName}
    >
      {children}
    </OpenModal>
  );
}

function OpenModal({
  onClose,
  title,
  description,
  panelClassName,
  backdropClassName,
  titleClassName,
  children,
}: Omit<TModalProps, 'open'>) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  // the latest onClose, so the listeners below are set once
  const close = useRef(onClose);
  close.current = onClose;

  // before the first paint: the dialog is never seen as a plain block outside the top layer
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal: the open attribute shows it there
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else dialog.setAttribute('open', '');
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ?? dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();

    // Escape: the browser fires `cancel`; the caller's state closes it, not the browser
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      // the opener may be gone (an updated complaint that left the filtered list): the screen's
      // heading then, not the page's body (issue 33 row 21)
      if (opener?.isConnected) opener.focus();
      else if (opener) focusMainHeading();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      // the dialog fills the screen, the panel sits in it: a tap outside the panel hits the dialog itself
      className={`fixed inset-0 m-0 flex h-full max-h-none w-full max-w-none items-center justify-center overflow-y-auto bg-transparent p-4 ${backdropClassName}`}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      onKeyDown={(event) => {
        // the browser's own Escape is the cancel event above; this one is for where there is none (jsdom)
        if (event.key === 'Escape') {
          event.preventDefault();
          onClose();
        } else if (event.key === 'Tab') keepFocusInside(event.currentTarget, event);
      }}
    >
      <div className={`w-full rounded-xl bg-white shadow-xl ${panelClassName}`}>
        <h2 id={titleId} className={titleClassName}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className="mt-1 text-sm text-slate-600">
            {description}
          </p>
        )}
        {children}
      </div>
    </dialog>
  );
}
