import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './enums';

export const ZErrorResponse = z.object({
  message: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type TErrorResponse = z.infer<typeof ZErrorResponse>;

/**
 * Every error status a route can answer, each with the `{ message }` body: declared on every route,
 * since any of them can meet a bad body (400, 413, 415), a missing or revoked session (401, 403),
 * throttling (429) or an unreachable database (503), besides its own 404 or 409.
 */
export const ERROR_RESPONSES = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  429: ZErrorResponse,
  503: ZErrorResponse,
} as const;

export const ZMessageResponse = z.object({ message: z.string() });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;

/** A page number is at most this: with `before` it only labels the page (see PAGE_SKIP_MAX). */
export const PAGE_MAX = 100_000_000;

/**
 * Items a page may skip. A page by number is read by skipping the items before it in an index
 * (OFFSET), and each skipped entry is a step on every request: a million of them is what makes
 * helpdesks crawl. Deeper pages are reached with `before` (the id of the last item on the page
 * shown), which costs the same at any depth; the web pager always sends it.
 */
export const PAGE_SKIP_MAX = 50_000;

// Not toLocaleString: the first Intl call of a page loads the locale data (about 40 ms on a phone's
// CPU), and this text is built when the module loads, on every screen that imports a schema.
const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The last page number that skips at most PAGE_SKIP_MAX items at this page size. */
export const deepestPage = (pageSize: number) => Math.floor(PAGE_SKIP_MAX / Math.max(1, pageSize)) + 1;

export const ZPageQuery = z
  .object({
    page: z.coerce
      .number({ error: 'page must be a number' })
      .int('page must be a whole number')
      .min(1, 'page must be at least 1')
      .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
      .default(1)
      .meta({
        description: `Page number, from 1. Without \`before\` a page may skip at most ${groupThousands(PAGE_SKIP_MAX)} items (page 2,501 at 20 a page); deeper pages are read with \`before\`.`,
      }),
    pageSize: z.coerce
      .number({ error: 'pageSize must be a number' })
      .int('pageSize must be a whole number')
      .min(1, 'pageSize must be at least 1')
      .max(PAGE_SIZE_MAX, `pageSize must be at most ${PAGE_SIZE_MAX}`)
      .default(PAGE_SIZE_DEFAULT),
    before: z.coerce
      .number({ error: 'before must be a number' })
      .int('before must be a whole number')
      .min(1, 'before must be at least 1')
      .max(Number.MAX_SAFE_INTEGER, 'before is too large')
      .optional()
      .meta({
        description:
          'Keyset paging: only items older than this id (the last id of the page shown); the page is then read without skipping, and `page` is only echoed back.',
      }),
  })
  .superRefine((q, ctx) => {
    // only once page and pageSize are valid, so that a bad value gets its own message alone
    const valid =
      Number.isInteger(q.page) && q.page >= 1 && q.page <= PAGE_MAX && q.pageSize <= PAGE_SIZE_MAX;
    if (valid && q.before === undefined && (q.page - 1) * q.pageSize > PAGE_SKIP_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `page must be at most ${deepestPage(q.pageSize)} when pageSize is ${q.pageSize}; use before= (the last id of the page shown) to go deeper`,
      });
    }
  });
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    data: z.array(item),
  });
}

/** A numeric id in a path: digits only, so `../`, `%00` and huge strings are a plain 400. */
export const ZIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Invalid id')
    .transform(Number),
});
