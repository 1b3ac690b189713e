import { baseHeaders, refusal } from './api-client';

/**
 * An image the API serves only to a signed-in user (a complaint's photo), read with the stored token
 * and handed back as a data: URL for `<img src>` (the Content-Security-Policy allows data: images,
 * not blob: ones). For when the image's own address failed: the browser sends only the session cookie
 * with it, and that cookie can be gone while the token is not (a sign-in without "remember me" keeps
 * the token past a browser restart, not the cookie).
 */
export async function imageDataUrl(url: string): Promise<string> {
  const res = await fetch(url, { headers: baseHeaders(), credentials: 'include' });
  if (!res.ok) throw refusal(url.replace(/^\/api/, ''), res.status, null);
  const bytes = new Uint8Array(await res.arrayBuffer());
  let binary = '';
  // in slices: one call with a photo's million bytes as arguments would overflow the stack
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const type = res.headers.get('content-type')?.split(';')[0] || 'image/jpeg';
  return `data:${type};base64,${btoa(binary)}`;
}
