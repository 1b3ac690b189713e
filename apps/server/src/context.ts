import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { Clock } from './lib/clock';

/** What every service function needs: passed explicitly, so services stay plain functions. */
export interface Ctx {
  config: AppConfig;
  database: Database;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Wakes the mail and push senders after a transaction queued a mail or a push (services/notify.ts). */
  mailQueued(): void;
}
