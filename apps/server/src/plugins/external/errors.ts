import { MSG } from '@bit/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isTransientConflict, isUnavailableError } from '../../db/database';
import { HttpError } from '../../lib/errors';

/** Fastify's own client-error codes and the text we answer with. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'Malformed JSON body'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Unsupported content type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'Invalid content length'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MSG.payloadTooLarge],
  FST_REQ_FILE_TOO_LARGE: [413, MSG.pdfTooLarge],
  FST_FILES_LIMIT: [413, 'Too many files'],
  FST_FIELDS_LIMIT: [413, 'Too many fields'],
  FST_PARTS_LIMIT: [413, 'Too many parts'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'Expected multipart/form-data'],
  FST_PROTO_VIOLATION: [400, 'Invalid field name'],
  FST_ERR_BAD_URL: [400, 'Invalid URL'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Invalid request'],
};

/** Whether an error is the client's own (a 4xx, ours or Fastify's). */
const isClientError = (err: FastifyError) =>
  err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500;

/**
 * The one error handler: every error leaves as `{ message }` (plus `errors` for validation),
 * and a 5xx never carries a stack, SQL or an internal message.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Security fix (test/security/aborted-requests.test.ts): a client that hangs up mid-body, or a
    // slow one cut off by requestTimeout, fails the body read with Node's `aborted` (ECONNRESET),
    // which read as a database outage and logged a warning with a stack for each (3,000 slow
    // sockets: 3,100 warnings). It is the client's doing and nobody is left to answer: one line.
    if (request.raw.socket?.destroyed === true && isClientError(err)) {
      request.log.info({ code: err.code }, 'request aborted: the client closed the connection');
      return reply.status(400).send({ message: 'Request aborted' });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map((v) => ({
        field: v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(err.validationContext ?? ''),
        message: v.message ?? 'Invalid value',
      }));
      return reply.status(400).send({ message: errors[0]?.message ?? 'Invalid request', errors });
    }
    if (err instanceof HttpError) {
      reply.headers(err.headers);
      return reply
        .status(err.statusCode)
        .send(err.errors ? { message: err.message, errors: err.errors } : { message: err.message });
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return reply.status(known[0]).send({ message: known[1] });
    if (isUnavailableError(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send({ message: MSG.dbUnavailable });
    }
    // a deadlock's victim or a serialization failure: the request was fine and would pass if sent again
    if (isTransientConflict(err)) {
      request.log.warn({ err }, 'transaction conflict');
      return reply.status(503).header('retry-after', '1').send({ message: MSG.dbUnavailable });
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: MSG.internal });
    }
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: MSG.internal });
    }
    // other 4xx raised by Fastify or a plugin: their messages describe the request, not internals
    return reply.status(status).send({ message: err.message || 'Bad request' });
  });
}
