/**
 * Logs (CONTRACT 5.7): one JSON line per request for the journal or a log shipper; readable lines
 * when a person watches the server in a terminal. Never a password, code, session token or cookie:
 * request bodies and headers are not logged at all, and a request is named by its route pattern
 * (`/api/complaints/:token`), not its URL, which can carry tokens.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LogController } from 'fastify';
import { routeLabel } from './metrics';

/**
 * Fastify logs two lines per request ("incoming request", "request completed"), and the first
 * holds the raw URL. This writes one, when the answer is sent.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const route = routeLabel(request);
    const line = {
      method: request.method,
      route,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      ip: request.ip,
    };
    const message = `${request.method} ${route} ${reply.statusCode}`;
    // an error that ended the response mid-way; handled errors were logged by the error handler
    if (error) reply.log.error({ ...line, err: { type: error.name, message: error.message } }, message);
    else reply.log.info(line, message);
  }

  override routeNotFound() {}
}

/**
 * The readable format, for `npm start` in a terminal. pino-pretty runs in this thread (not as a
 * pino transport in a worker thread), so it is loaded only when it is used.
 */
export async function prettyStream(): Promise<{ write(line: string): void }> {
  const { default: pretty } = await import('pino-pretty');
  return pretty({ colorize: true, translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname' });
}
