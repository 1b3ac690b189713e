import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, ROLES } from './enums';

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

/** Page numbers beyond this are refused: deep OFFSET walks are what make helpdesks crawl. */
export const PAGE_MAX = 10_000;

/**
 * Items a page may skip. A page is read by skipping the items before it in an index (OFFSET), and
 * each skipped entry costs a step (about 30 ns on SQLite, more on PostgreSQL): a million of them
 * per request is what makes helpdesks crawl. The web app pages with Previous/Next, 20 at a time,
 * so this is page 2,501 there; narrower filters reach older items.
 */
export const PAGE_SKIP_MAX = 50_000;

/** The last page number that skips at most PAGE_SKIP_MAX items at this page size. */
export const deepestPage = (pageSize: number) => Math.floor(PAGE_SKIP_MAX / Math.max(1, pageSize)) + 1;

/** The fields of a page query, to extend; a route takes `limitPageDepth(...)` of it. */
export const ZPageFields = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be at least 1')
    .max(PAGE_MAX, `page must be at most ${PAGE_MAX}`)
    .default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int('pageSize must be a whole number')
    .min(1, 'pageSize must be at least 1')
    .max(PAGE_SIZE_MAX, `pageSize must be at most ${PAGE_SIZE_MAX}`)
    .default(PAGE_SIZE_DEFAULT),
});

/** Refuses a page deeper than PAGE_SKIP_MAX items (zod cannot extend an object once refined). */
export function limitPageDepth<T extends z.ZodType<{ page: number; pageSize: number }>>(schema: T): T {
  return schema.superRefine((q, ctx) => {
    if ((q.page - 1) * q.pageSize > PAGE_SKIP_MAX) {
      ctx.addIssue({
        code: 'custom',
        path: ['page'],
        message: `page must be at most ${deepestPage(q.pageSize)} when pageSize is ${q.pageSize}; narrow the filters to reach older items`,
      });
    }
  }) as T;
}

export const ZPageQuery = limitPageDepth(ZPageFields);
export type TPageQuery = z.infer<typeof ZPageQuery>;

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    count: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    data: z.array(item),
  });
}

export const ZRole = z.enum(ROLES, { error: 'Invalid role' });

/** A numeric id in a path: digits only, so `../`, `%00` and huge strings are a plain 400. */
export const ZIdParam = z.object({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,14}$/, 'Invalid id')
    .transform(Number),
});
