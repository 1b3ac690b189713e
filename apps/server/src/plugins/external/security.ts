import { controlCharacterMessage, controlCharacterPath, MSG } from '@bit/contract';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppConfig } from '../../config';
import { badRequest, forbidden } from '../../lib/errors';

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
 * `no-store`: an answer may hold a user's data (the login answer holds a session token), and no
 * browser or shared cache may keep it; a route that sets its own Cache-Control (a notice's PDF)
 * replaces it.
 */
export const API_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
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

/**
 * The one validator of every route's body, query string and path parameters: the contract's zod
 * schema, after one rule no route opts into (CONTRACT 6.7): no text the client sent, value or key,
 * holds a control character but tab, line feed and carriage return. It is judged on the data as
 * sent, before the schema (a preprocess that trims, an enum's own message), and answers 400 naming
 * the first such field, as a schema's failure does. Security fix (test/security/control-characters
 * .test.ts): a NUL in `q` reached PostgreSQL, which cannot hold it in text, and every list answered
 * 500 (the CSV export stopped after its headers); the JSON parser's own NUL check, which saw bodies
 * only, is folded into this one rule. It runs where validation runs, after the route's session check
 * (a visitor without a session still gets 401 first), and through `attachValidation` for the reads
 * that check the session in their own statement. Headers are not judged here: Node's HTTP parser
 * refuses NUL and the other C0 controls in them, and the app stores no header's text.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  if (route.httpPart === 'headers') return validate;
  const part = route.httpPart === 'querystring' ? 'query' : (route.httpPart ?? 'body');
  return (data: unknown) => {
    const path = controlCharacterPath(data);
    if (path === null) return validate(data);
    const field = path.join('.') || part;
    return { error: badRequest(controlCharacterMessage(field), field) };
  };
};

/**
 * The origins whose pages may send a state-changing request: PUBLIC_URL's. Left unset, it is
 * `http://localhost:PORT` while the server listens on 127.0.0.1, and a person may as well open
 * `http://127.0.0.1:PORT` or `http://[::1]:PORT`: those are the app's own too.
 */
export function appOrigins(config: Pick<AppConfig, 'publicUrl' | 'publicUrlSet' | 'port'>): Set<string> {
  const origins = new Set([new URL(config.publicUrl).origin]);
  if (!config.publicUrlSet)
    for (const host of ['localhost', '127.0.0.1', '[::1]'])
      origins.add(new URL(`http://${host}:${config.port}`).origin);
  return origins;
}

export async function registerSecurity(app: FastifyInstance) {
  const origins = appOrigins(app.ctx.config);
  // a callback hook: an async one costs a promise and a microtask turn on every request
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiData(request.url) ? API_HEADERS : DOCUMENT_HEADERS);
    const method = request.method;
    if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return done();
    // Security fix (test/security/csrf.test.ts): SameSite=Lax keeps the session cookie off
    // requests from other sites, but a page on another port of the same host is the same site, and
    // its form posted with the user's cookie. A browser says where a request comes from (Origin,
    // Sec-Fetch-Site); a request saying neither is no browser's (a script, curl), so no page forged
    // it, and it is judged as before.
    // Security fix (test/security/csrf.test.ts): header values are case-insensitive tokens (RFC
    // 9110), so `Cross-Site` is refused as `cross-site` is; it passed before.
    const origin = request.headers.origin;
    const site = request.headers['sec-fetch-site']?.toLowerCase();
    if ((origin !== undefined && !origins.has(origin)) || site === 'cross-site' || site === 'same-site')
      return done(forbidden(MSG.crossSiteRefused));
    done();
  });
  // cookies are parsed where they are read (plugins/app/auth.ts), not by a hook on every request
  await app.register(cookie, { hook: false });
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
}
