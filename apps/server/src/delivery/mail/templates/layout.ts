import type { TPushPayload } from '@bit/contract';

/** What every mail shares: the product's name, the text and HTML layout, and the push made of a mail's event. */

export const PRODUCT = 'BIT Mesra Complaint System';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export function layout(title: string, paragraphs: string[]): { text: string; html: string } {
  const text = `${paragraphs.join('\n\n')}\n\n— ${PRODUCT}\n`;
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937">
<h2 style="color:#1e3a8a">${escapeHtml(title)}</h2>
${paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n')}
<p style="color:#6b7280;font-size:12px">${PRODUCT}</p></body></html>`;
  return { text, html };
}

/**
 * A push for a mail's event (CONTRACT 6.3): its title and a line of what the mail says, never more,
 * and the address it opens. Push services carry at most 4 KB, so a long text is cut short.
 */
export const pushOf = (title: string, body: string, url: string): TPushPayload => ({
  title,
  body: body.length > 240 ? `${body.slice(0, 240)}…` : body,
  url,
});
