import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

export class ConfigError extends Error {}

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('BIT Mesra Complaint System <no-reply@bitmesra.ac.in>'),
  STUDENT_EMAIL_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/i, 'must be a domain such as bitmesra.ac.in')
    .default('bitmesra.ac.in'),
  AUTHORITY_APPROVAL: z.enum(['admin', 'none']).default('admin'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
});

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  studentEmailDomain: string;
  authorityApproval: 'admin' | 'none';
  publicUrl: string;
  trustProxy: boolean;
  logLevel: string;
  /** Folder of the built web app; unset or missing means the API runs alone. */
  webDist: string | undefined;
  /** Server processes sharing the port (`serve` only); one per CPU by default. */
  workers: number;
}

/** Reads and validates the environment. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(
    Object.keys(ZEnv.shape).map((k) => [k, env[k] === '' ? undefined : env[k]]),
  );
  const parsed = ZEnv.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    throw new ConfigError(
      `Invalid environment variable ${name}=${JSON.stringify(cleaned[name])}: ${issue?.message}`,
    );
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: path.resolve(e.DATA_DIR),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    studentEmailDomain: e.STUDENT_EMAIL_DOMAIN.toLowerCase(),
    authorityApproval: e.AUTHORITY_APPROVAL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    trustProxy: e.TRUST_PROXY === 'true',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    workers: e.WORKERS ?? Math.min(os.availableParallelism(), 8),
  };
}
