import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import { badRequest, NUL_MESSAGE } from '../../lib/errors';

/** The CSP the built web app runs under: no inline script, no third-party origin. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  // React style attributes and the toast library's injected stylesheet
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-src 'self'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The headers of anything a browser may show as a document (the web app, its files, a notice's
 * PDF, the OpenAPI browser): the set helmet would send, computed once, since helmet's hook
 * re-derives them on every request. HSTS is left to the HTTPS proxy.
 */
export const DOCUMENT_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * The headers of a JSON answer from the API. It is data, never a page: nothing in it may load,
 * run or be framed, which a two-directive CSP says; no other origin may embed it (CORP), and it is
 * never sniffed into HTML or script. The document-only headers (frame options, opener policy,
 * origin-agent-cluster, DNS-prefetch, download and cross-domain-policy controls, the XSS auditor
 * switch) do nothing for JSON, and each costs every API call its bytes on the wire and a header
 * to parse at the client: a bare node:http server sending the full set answered the benchmark's
 * load generator (a JavaScript HTTP parser) about a third fewer requests a second.
 */
export const API_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
};

/** The path of a request URL, without its query string. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

/** `/api` and everything under it (a URL, with or without its query): the API's routes and 404s. */
export const isApiPath = (url: string) => {
  const p = pathOf(url);
  return p === '/api' || p.startsWith('/api/');
};

/** Answers that are API data: the API's, except the OpenAPI browser (a page) and its document. */
const isApiData = (url: string) => {
  const p = pathOf(url);
  return isApiPath(p) && p !== '/api/docs' && !p.startsWith('/api/docs/');
};

/** True when any string (or key) in a parsed JSON value holds a NUL character. */
function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v));
  return false;
}

/**
 * Fastify's own JSON parser (same limits, same __proto__/constructor poisoning errors), plus one
 * check. Security fix (test/security/hostile-input.test.ts): a NUL character (`\u0000`) in any
 * text reached PostgreSQL, which cannot store it in a text column, and came back as a 500. It is
 * refused with a 400 before any route runs, on both dialects, so they answer alike.
 */
function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    parse(request, String(body), (err: Error | null, value?: unknown) => {
      if (err) return done(err, undefined);
      // a NUL can only arrive escaped; the cheap test skips the walk for every ordinary body
      if (String(body).includes('\\u0000') && containsNul(value))
        return done(badRequest(NUL_MESSAGE), undefined);
      done(null, value);
    });
  });
}

export async function registerSecurity(app: FastifyInstance) {
  registerJsonParser(app);
  // a callback hook: an async one costs a promise and a microtask turn on every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiData(request.url) ? API_HEADERS : DOCUMENT_HEADERS);
    done();
  });
  // cookies are parsed where they are read (plugins/app/auth.ts), not by a hook on every request
  await app.register(cookie, { hook: false });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
