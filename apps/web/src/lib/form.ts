import { MSG_SHELL } from '@bit/contract';
import { type ChangeEvent, useCallback, useRef } from 'react';
import {
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type RegisterOptions,
  type Resolver,
  type SubmitHandler,
  useForm,
  useWatch,
} from 'react-hook-form';
import { type Id, toast } from 'react-toastify';
import type { z } from 'zod';
import { ApiError } from './api-client';

/**
 * A contract schema as a form reads it: the form holds text (and '' for "nothing chosen yet") until the
 * schema parses it. Only the type changes: the contract's schema runs as it is, with its own messages.
 */
export function formSchema<TValues extends FieldValues, TOut>(schema: z.ZodType<TOut>) {
  return schema as unknown as z.ZodType<TOut, TValues>;
}

type TSchema<TValues extends FieldValues, TOut> = z.ZodType<TOut, TValues>;

/**
 * A form's schema, or how to load it. A screen that shows a form at once (a login, the status page's
 * search) passes a loader (`() => import('./x-schema').then((m) => m.schema)`): zod and the contract's
 * schemas then load when the form is first used, not with the screen. zod's module setup and the
 * schemas it builds eagerly cost 35–75 ms here, four times that on a phone, in the screen's first task.
 * Declare the loader once, beside the form: the load is kept per loader (or schema), not per render.
 */
export type TSchemaSource<TValues extends FieldValues, TOut> =
  | TSchema<TValues, TOut>
  | (() => Promise<TSchema<TValues, TOut>>);

/** The failed check's type when the form's checks could not be loaded. */
const CODE_NOT_LOADED = 'code-not-loaded';

type TLazyResolver = { resolver: Resolver<FieldValues, unknown, unknown>; load: () => Promise<unknown> };

// one per schema source: the forms over one schema share its load, made once per page load
const resolvers = new WeakMap<object, TLazyResolver>();

/**
 * react-hook-form's resolver over the schema, with the schema and the zod resolver (lib/zod-resolver.ts)
 * imported on the first call of `load` (a focus or tap on the form) or of the resolver (a submit).
 * A failed import is tried again on the next one: a phone that lost its connection gets it back.
 */
function lazyResolver<TValues extends FieldValues, TOut>(
  source: TSchemaSource<TValues, TOut>,
): TLazyResolver {
  const known = resolvers.get(source);
  if (known) return known;
  let loading: Promise<Resolver<FieldValues, unknown, unknown>> | null = null;
  const load = () => {
    loading ??= Promise.all([
      typeof source === 'function' ? source() : source,
      import('./zod-resolver'),
    ]).then(
      ([schema, { schemaResolver }]) =>
        schemaResolver(schema) as unknown as Resolver<FieldValues, unknown, unknown>,
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const made: TLazyResolver = {
    // code that cannot load (offline, before the service worker kept it) is a failed check the form
    // shows (CODE_NOT_LOADED), never a submit that throws: react-hook-form would drop it in silence
    // (issue 51 row 1: Submit did nothing, the error only in the console)
    resolver: async (values, context, options) => {
      let run: Resolver<FieldValues, unknown, unknown>;
      try {
        run = await load();
      } catch {
        return {
          values: {},
          errors: { root: { type: CODE_NOT_LOADED, message: MSG_SHELL.needsConnection } },
        };
      }
      return run(values, context, options);
    },
    load,
  };
  resolvers.set(source, made);
  return made;
}

type TIssue = { path: PropertyKey[]; message: string };

/** The message of the first failing field in the form's order (a schema reports its issues by key). */
export function firstIssueMessage(issues: readonly TIssue[], order: readonly string[]): string | undefined {
  const rank = (issue: TIssue) => {
    const i = order.indexOf(String(issue.path[0]));
    return i === -1 ? order.length : i;
  };
  return [...issues].sort((a, b) => rank(a) - rank(b))[0]?.message;
}

/** The form's controls for these field names, in the order they stand on the page. */
function controlsOnPage(form: HTMLFormElement | null, names: string[]) {
  const found: Array<{ name: string; control: HTMLElement }> = [];
  for (const name of names) {
    const all = form ? [...form.querySelectorAll<HTMLElement>(`[name="${name}"]`)] : [];
    // a radio group is entered at its checked radio, as the arrow keys would
    const control = all.find((el) => el instanceof HTMLInputElement && el.checked) ?? all[0];
    if (control) found.push({ name, control });
  }
  return found.sort((a, b) =>
    a.control.compareDocumentPosition(b.control) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1,
  );
}

type TFormOptions<TValues extends FieldValues> = {
  defaultValues: TValues;
  /** The toast when the checks fail; the first failing field's own message unless given. */
  invalidToast?: (message: string) => string;
};

/**
 * Every form's state and checks: react-hook-form over a contract schema. A failing submit toasts the
 * message of the first failing field on the page (SPEC's toasts), marks every failing field
 * (aria-invalid, the message under it) and moves focus to the first; `refused` does the same for the
 * fields a 400 names. Fields are controlled, so counters and reformatted values follow them.
 */
export function useSchemaForm<TValues extends FieldValues, TOut>(
  schema: TSchemaSource<TValues, TOut>,
  { defaultValues, invalidToast = (message) => message }: TFormOptions<TValues>,
) {
  const { resolver, load } = lazyResolver(schema);
  const form = useForm<TValues, unknown, TOut>({
    resolver: resolver as unknown as Resolver<TValues, unknown, TOut>,
    defaultValues: defaultValues as DefaultValues<TValues>,
    // registration order is not page order once a field appears later (the hostel of a warden)
    shouldFocusError: false,
  });
  const formElement = useRef<HTMLFormElement | null>(null);
  // The form's element. The checks start loading at the first focus or tap inside the form, so they
  // are usually there by the submit; the submit waits for them when they are not.
  const ref = useCallback(
    (element: HTMLFormElement | null) => {
      formElement.current = element;
      if (!element) return;
      const warm = () => void load().catch(() => undefined);
      element.addEventListener('focusin', warm, { once: true });
      element.addEventListener('pointerdown', warm, { once: true });
      return () => {
        element.removeEventListener('focusin', warm);
        element.removeEventListener('pointerdown', warm);
        formElement.current = null;
      };
    },
    [load],
  );
  // the form's error toast: while it shows, the next error takes its place (its text, its 5 s anew), so
  // submits in a row never pile up toasts. Dismissing it and raising a new one did not hold: a dismissed
  // toast counts toward the container's limit until its exit animation ends, so quick submits queued new
  // ones, which react-toastify's dismiss does not reach, to show up stale seconds later (issue 32: ten
  // quick wrong passwords hid "Too many attempts" behind seven old "Incorrect password" toasts).
  const lastToast = useRef<Id | null>(null);
  const toastError = (message: string) => {
    const last = lastToast.current;
    if (last !== null && toast.isActive(last)) toast.update(last, { render: message, type: 'error' });
    else lastToast.current = toast.error(message);
  };
  const values = useWatch({ control: form.control }) as TValues;
  const { errors } = form.formState;

  /** Focuses the first of these failing fields on the page and answers its message. */
  function pointAt(failing: Record<string, { message?: unknown } | undefined>): string | undefined {
    const names = Object.keys(failing);
    const [first] = controlsOnPage(formElement.current, names);
    first?.control.focus();
    const name = first?.name ?? names[0];
    const message = name ? failing[name]?.message : undefined;
    return typeof message === 'string' ? message : undefined;
  }

  const onInvalid = (failing: FieldErrors<TValues>) => {
    if (failing.root?.type === CODE_NOT_LOADED) {
      toastError(failing.root.message ?? MSG_SHELL.needsConnection);
      return;
    }
    const message = pointAt(failing as Record<string, { message?: unknown }>);
    if (message) toastError(invalidToast(message));
  };

  /** A control's props: its value, events, ref and the message to show under it. */
  const field = <N extends Path<TValues>>(name: N, options?: RegisterOptions<TValues, N>) => ({
    ...form.register(name, options),
    value: (values[name] ?? '') as string,
    error: errors[name]?.message as string | undefined,
  });

  return {
    ...form,
    ref,
    values,
    field,
    /** Submits through the checks: `onValid` gets the schema's output. */
    submit: (onValid: SubmitHandler<TOut>) => form.handleSubmit(onValid, onInvalid),
    /** A text control that keeps only what `keep` leaves of what is typed (digits of a mobile number). */
    filtered: <N extends Path<TValues>>(name: N, keep: (text: string) => string) => {
      const props = field(name);
      return {
        ...props,
        onChange: (event: ChangeEvent<HTMLInputElement>) => {
          event.target.value = keep(event.target.value);
          return props.onChange(event);
        },
      };
    },
    /**
     * The handler of a refused request: marks the fields its 400 names (`errors[].field`), moves focus
     * to the first, and toasts `message(error)`.
     */
    refused: (message: (error: unknown) => string) => (error: unknown) => {
      const named = error instanceof ApiError ? error.errors.filter((e) => e.field in defaultValues) : [];
      for (const e of named) form.setError(e.field as Path<TValues>, { type: 'server', message: e.message });
      if (named.length > 0) pointAt(Object.fromEntries(named.map((e) => [e.field, e])));
      toastError(message(error));
    },
  };
}
