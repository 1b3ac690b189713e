import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { withHeading } from '../../lib/page-shell';
import { isApiPath } from './security';

/**
 * The page as a signed-in visitor gets it, or null for the page as built: plugins/app/signed-in-page.ts,
 * handed in by app.ts (an external plugin knows no session and no service).
 */
export type SignedInPage = (request: FastifyRequest, screen: string, page: string) => Promise<string | null>;

/** Where the built web app is: WEB_DIST, else apps/web/dist next to this package. */
export function findWebDist(configured: string | undefined): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = configured
    ? [configured]
    : [path.resolve(here, '../../web/dist'), path.resolve(here, '../../../../web/dist')];
  return candidates.find((d) => fs.existsSync(path.join(d, 'index.html')));
}

/** A JSON file of the web build, or null when the build has none (an older build: index.html as it is). */
function readBuildJson(root: string, name: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(path.join(root, name), 'utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * index.html for each screen, with `<link rel="modulepreload">` for the screen's own JavaScript
 * (dist/route-preloads.json, written by the web build): the browser fetches it beside the entry
 * chunk instead of after the entry has run, which on a slow phone connection is a round trip and a
 * download sooner on screen. And, for a screen whose heading is the same for everyone
 * (dist/route-headings.json), that heading in the static shell in place of its grey bar: on screen
 * before any script has run. A build without the files serves index.html as it is.
 */
export function indexPagesByPath(root: string, indexHtml: string): Map<string, string> {
  const pages = new Map<string, string>();
  const preloads = readBuildJson(root, 'route-preloads.json') ?? {};
  const headings = readBuildJson(root, 'route-headings.json') ?? {};
  if (!indexHtml.includes('</head>')) return pages;
  for (const route of new Set([...Object.keys(preloads), ...Object.keys(headings)])) {
    const files = preloads[route];
    const links = (Array.isArray(files) ? files : [])
      .filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f))
      .map((f) => `<link rel="modulepreload" crossorigin href="${f}">`)
      .join('');
    let page = indexHtml.replace('</head>', `${links}</head>`);
    const heading = headings[route];
    if (typeof heading === 'string' && heading) page = withHeading(page, heading);
    pages.set(route, page);
  }
  return pages;
}

/**
 * Serves the built web app from the same origin: hashed assets cached for a year, index.html
 * never cached, and index.html for any non-file path outside /api so client routes deep-link.
 * A page load with a live session cookie gets the page with the user (and the status page its
 * complaint) written into it by `signedInPage`, `no-store`.
 */
export async function registerWebApp(app: FastifyInstance, signedInPage: SignedInPage) {
  const root = findWebDist(app.ctx.config.webDist);
  const notFound = (request: FastifyRequest, reply: FastifyReply) =>
    reply
      .status(404)
      .send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}`.slice(0, 300) });
  if (!root) {
    app.log.warn('web app not built: serving the API only (run npm run build)');
    app.setNotFoundHandler(notFound);
    return;
  }
  const indexHtml = fs.readFileSync(path.join(root, 'index.html'), 'utf8');
  const pages = indexPagesByPath(root, indexHtml);
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // send's own `public, max-age=0` would overwrite the header set below
    cacheControl: false,
    setHeaders(res, filePath) {
      const rel = path.relative(root, filePath);
      res.setHeader(
        'cache-control',
        rel.startsWith(`assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const screen = pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname;
    const page = pages.get(screen) ?? indexHtml;
    reply.type('text/html; charset=utf-8');
    const signedIn = await signedInPage(request, screen, page);
    // personal data: kept by no cache, the service worker's included (public/sw.js)
    if (signedIn) return reply.header('cache-control', 'no-store').send(signedIn);
    return reply.header('cache-control', 'no-cache').send(page);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const looksLikeFile = /\.[a-z0-9]+$/i.test(pathname);
    if (isApiPath(pathname) || looksLikeFile || request.method !== 'GET') {
      return notFound(request, reply);
    }
    return sendIndex(request, reply);
  });
}
