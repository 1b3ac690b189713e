import { normaliseMobile } from '@bit/contract';
import type { ComponentProps } from 'react';
import { TextField } from './form-field';

/** A prefix the server takes before the ten digits, as it is typed: `+`, `+9`, `+91` or `0`. */
const PREFIX_RE = /^\s*(\+9?1?|0)?(.*)$/s;

/**
 * The mobile field's filter (CONTRACT 5.8). A number the server would take (`+91 98765-43210`,
 * `098765 43210`) becomes its ten digits at once, whole: a pasted or autofilled number is never cut
 * before its prefix and separators go. Anything else keeps a prefix, then at most ten digits with
 * their spaces and dashes (SPEC: the input is limited to 10 digits).
 */
export function mobileText(text: string): string {
  const whole = normaliseMobile(text);
  if (whole !== null) return whole;
  const [, prefix = '', rest = ''] = PREFIX_RE.exec(text) ?? [];
  let digits = 0;
  let kept = '';
  for (const ch of rest) {
    if (digits >= 10) break;
    if (ch >= '0' && ch <= '9') {
      digits += 1;
      kept += ch;
    } else if (ch === ' ' || ch === '-') kept += ch;
  }
  return normaliseMobile(prefix + kept) ?? prefix + kept;
}

/**
 * The mobile number of both signups and the profile; give it `form.filtered('mobile', mobileText)`.
 * No `maxLength`: it would cut "+91 98765 43210" to "+91 98765 " before the filter sees it.
 */
export function MobileField(props: Omit<ComponentProps<typeof TextField>, 'label'>) {
  return (
    <TextField
      label="Mobile number"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      hint="10 digits; +91 or a leading 0 is fine"
      {...props}
    />
  );
}
