import {
  controlCharacterMessage,
  ERROR_RESPONSES,
  hasControlCharacter,
  MSG,
  PDF_MAX_BYTES,
  ZIdParam,
  ZMessageResponse,
  ZNoticeTarget,
  ZNotification,
  ZNotificationPage,
  ZPageQuery,
  ZPostNotificationFields,
} from '@bit/contract';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, forbidden, HttpError } from '../../lib/errors';
import { currentUser, requireRole } from '../../plugins/app/auth';
import { DOCUMENT_HEADERS } from '../../plugins/external/security';
import { staffRefusal } from '../../policy/staff';
import {
  createNotification,
  deleteNotification,
  getNotificationPdf,
  inlineDisposition,
  listNotifications,
  reserveNoticeSlot,
  type UploadedPdf,
} from '../../services/notices/notices';

const FIELD_NAMES = new Set(['title', 'message', 'hostel']);

/** Reads the whole form: fields as text, and at most one `pdf` file held in memory (10 MiB cap). */
async function readNoticeForm(
  request: FastifyRequest,
): Promise<{ fields: Record<string, unknown>; pdf: UploadedPdf | null }> {
  const fields: Record<string, unknown> = {};
  try {
    return { fields, pdf: await readParts(request, fields) };
  } catch (err) {
    // Security fix (test/security/hostile-input.test.ts): busboy reports a broken body (no
    // boundary, malformed headers) with a plain Error, which became a 500. It is the client's
    // input, so a 400; errors that already carry a status (413 limits, our 400s) pass through.
    if (err instanceof HttpError || typeof (err as { statusCode?: unknown } | null)?.statusCode === 'number')
      throw err;
    throw badRequest('Malformed multipart body');
  }
}

async function readParts(
  request: FastifyRequest,
  fields: Record<string, unknown>,
): Promise<UploadedPdf | null> {
  let pdf: UploadedPdf | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // read it even when refused: the size limit must win over a wrong name, and busboy wants it drained
      const data = await part.toBuffer();
      if (part.fieldname !== 'pdf') throw badRequest('The file field must be named pdf', part.fieldname);
      // a browser sends an empty, nameless part for a file input left blank
      if (data.length === 0 && !part.filename) continue;
      pdf = { filename: part.filename, data };
    } else {
      // a file input left blank may arrive without a filename, which makes it a plain field
      if (part.fieldname === 'pdf') {
        if (part.value === '') continue;
        throw badRequest('Attach the PDF as a file', 'pdf');
      }
      if (!FIELD_NAMES.has(part.fieldname))
        throw badRequest(`Unexpected field ${part.fieldname.slice(0, 50)}`);
      if (part.fieldname in fields)
        throw badRequest(`The field ${part.fieldname} was sent twice`, part.fieldname);
      if (part.valueTruncated) throw new HttpError(413, MSG.payloadTooLarge);
      // CONTRACT 6.7, the rule every route's JSON and query get from the validator (a NUL was a 500
      // on PostgreSQL); a field's name is one of FIELD_NAMES, checked above
      if (typeof part.value === 'string' && hasControlCharacter(part.value))
        throw badRequest(controlCharacterMessage(part.fieldname), part.fieldname);
      fields[part.fieldname] = part.value;
    }
  }
  return pdf;
}

/**
 * Decision: an authority not approved may take no notice action. Notices go to every student, and
 * approval is exactly the check that the account belongs to real staff; an approval withdrawn
 * (CONTRACT 5.9) leaves the account as unapproved as a new one, deleting its own notices included.
 */
const approvedForNotices = (message: string) => async (request: FastifyRequest) => {
  const refusal = staffRefusal(currentUser(request), 'act', message);
  if (refusal) throw forbidden(refusal);
};

export default async function notificationsRoutes(fastify: FastifyInstance) {
  // only this plugin takes multipart: every other route stays JSON-only
  await fastify.register(multipart, {
    limits: { fileSize: PDF_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 20 },
  });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;
  const tags = ['notifications'];

  app.post(
    '/',
    {
      // above the file cap, so an oversized PDF meets the file-size check and its clear message
      bodyLimit: PDF_MAX_BYTES + 1024 * 1024,
      preHandler: [requireRole('authority', 'admin'), approvedForNotices(MSG.noticePostNotApproved)],
      schema: {
        tags,
        summary: 'Post a notice (multipart: title, message, hostel, optional pdf)',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ message: z.string(), data: ZNotification }), ...ERROR_RESPONSES },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      // the quota is checked before the body is read: a refused post never buffers its 10 MB
      const release = await reserveNoticeSlot(ctx, user);
      try {
        const { fields, pdf } = await readNoticeForm(request);
        const parsed = ZPostNotificationFields.safeParse(fields);
        if (!parsed.success) {
          const errs = parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message }));
          throw new HttpError(400, errs[0]?.message ?? 'Invalid request', {}, errs);
        }
        const data = await createNotification(ctx, user, parsed.data, pdf);
        return reply.status(201).send({ message: MSG.notificationPosted, data });
      } finally {
        release();
      }
    },
  );

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'Every notice, newest first',
        querystring: ZPageQuery,
        response: { 200: ZNotificationPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listNotifications(ctx, null, request.query),
  );

  app.get(
    '/:target',
    {
      schema: {
        tags,
        summary: "Notices for an audience: all, or a hostel's plus the whole-college ones",
        params: z.object({ target: ZNoticeTarget }),
        querystring: ZPageQuery,
        response: { 200: ZNotificationPage, ...ERROR_RESPONSES },
      },
    },
    async (request) => listNotifications(ctx, request.params.target, request.query),
  );

  app.get(
    '/:id/pdf',
    {
      schema: {
        tags,
        summary: "A notice's PDF, shown inline",
        params: ZIdParam,
        // no response schema: the body is raw bytes, and errors take the shared handler's shape
      },
    },
    async (request, reply) => {
      const { name, data } = await getNotificationPdf(ctx, request.params.id);
      // a document a browser shows, not API data: the web app's header set, CSP included
      return reply
        .headers(DOCUMENT_HEADERS)
        .header('content-type', 'application/pdf')
        .header('content-disposition', inlineDisposition(name))
        .header('cache-control', 'private, max-age=3600')
        .send(data);
    },
  );

  app.delete(
    '/:id',
    {
      preValidation: [requireRole('authority', 'admin'), approvedForNotices(MSG.noticeDeleteNotApproved)],
      schema: {
        tags,
        summary: 'Delete a notice: admin any, an approved authority its own',
        params: ZIdParam,
        response: { 200: ZMessageResponse, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      await deleteNotification(ctx, currentUser(request), request.ip, request.params.id);
      return { message: MSG.notificationDeleted };
    },
  );
}
