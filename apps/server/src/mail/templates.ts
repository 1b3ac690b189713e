const PRODUCT = 'BIT Mesra Complaint System';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function layout(title: string, paragraphs: string[]): { text: string; html: string } {
  const text = `${paragraphs.join('\n\n')}\n\n— ${PRODUCT}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#1e3a8a">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">${PRODUCT}</p></body></html>`;
  return { text, html };
}

/**
 * A one-time code. A verification mail greets no one by name: the name is whatever the sign-up
 * typed, and a stranger could put a phishing line in it and have the college's sender mail it to any
 * address (CONTRACT 5.9). `signedUpAgain`: another sign-up with this address is already waiting,
 * so the reader is told this one may not be theirs.
 */
export function codeMail(
  to: string,
  name: string | null,
  code: string,
  purpose: 'verify' | 'reset',
  opts: { signedUpAgain?: boolean } = {},
) {
  const subject =
    purpose === 'verify'
      ? `${PRODUCT}: your verification code ${code}`
      : `${PRODUCT}: your password reset code ${code}`;
  const body = layout(subject, [
    name ? `Hello ${name},` : 'Hello,',
    ...(opts.signedUpAgain
      ? [
          'This address was used to sign up again. If that was not you, ignore this mail: your own sign-up ' +
            'still works with the code mailed for it, and this one expires on its own.',
        ]
      : []),
    purpose === 'verify'
      ? `Your verification code is ${code}. Enter it to verify your email address.`
      : `Your password reset code is ${code}. Enter it with your new password.`,
    'The code is valid for 10 minutes. If you did not ask for it, you can ignore this mail.',
  ]);
  return { to, subject, ...body };
}

export function statusMail(
  to: string,
  name: string,
  token: string,
  status: string,
  remarks: string | null,
  link: string,
) {
  const subject = `${PRODUCT}: complaint ${token} is now ${status}`;
  const body = layout(subject, [
    `Hello ${name},`,
    `Your complaint ${token} is now ${status}.`,
    `Remarks: ${remarks?.trim() ? remarks : 'none'}`,
    `Follow it here: ${link}`,
  ]);
  return { to, subject, ...body };
}
