import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_TIME_ZONE, parseWorkingDays, type TWeekday } from '@bit/contract';
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
  ADMIN_2FA: z.enum(['optional', 'required']).default('optional'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  TIME_ZONE: z
    .string()
    .refine(isTimeZone, `must be an IANA time zone such as ${DEFAULT_TIME_ZONE}`)
    .default(DEFAULT_TIME_ZONE),
  // CONTRACT 7.1: the week's working days, three-letter English names, comma-separated
  WORKING_DAYS: z
    .string()
    .superRefine((value, ctx) => {
      const read = parseWorkingDays(value);
      if (typeof read === 'string') ctx.addIssue({ code: 'custom', message: read });
    })
    .default('Mon,Tue,Wed,Thu,Fri'),
  SLA_HOURS_HOSTEL: z.coerce.number().int('must be a whole number of hours').min(1).max(8760).default(72),
  SLA_HOURS_COLLEGE: z.coerce.number().int('must be a whole number of hours').min(1).max(8760).default(168),
  // a short token would be guessed by whoever can reach the port
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces (e.g. openssl rand -hex 32)')
    .optional(),
  // CONTRACT 6.3: the VAPID key pair (both or neither; made once and kept in the database when unset)
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be an uncompressed P-256 public key in base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 private key in base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  // hosts the push sender may reach although they resolve inward: for a test push service only
  PUSH_ALLOW_HOSTS: z
    .string()
    .regex(
      /^\s*[^\s,:]+:\d{1,5}\s*(,\s*[^\s,:]+:\d{1,5}\s*)*$/,
      'must be a comma-separated list of host:port',
    )
    .optional(),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export interface AppConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  studentEmailDomain: string;
  authorityApproval: 'admin' | 'none';
  /** CONTRACT 6.5: `required` makes admins set up two-step sign-in before anything else */
  admin2fa: 'optional' | 'required';
  publicUrl: string;
  /**
   * PUBLIC_URL was given. Unset, `npm start` serves http://localhost:PORT while listening on
   * 127.0.0.1, so the loopback origins of PORT are accepted as the app's own too (see the CSRF
   * check in plugins/external/security.ts).
   */
  publicUrlSet: boolean;
  /**
   * Which X-Forwarded-* to believe: `false` none; a number, that many proxies in front of the
   * server (each hop's address is trusted whatever it is); a list, proxies at those addresses or
   * CIDR ranges. The client is the right-most address no trusted proxy added.
   */
  trustProxy: false | number | string[];
  logLevel: string;
  /** Folder of the built web app; unset or missing means the API runs alone. */
  webDist: string | undefined;
  /** Server processes sharing the port (`serve` only); one per CPU by default. */
  workers: number;
  /** Digests, escalations and the dates mails show are in this zone (CONTRACT 5.5). */
  timeZone: string;
  /** CONTRACT 7.1: the days of the week that are working days (less the holidays), Monday first. */
  workingDays: TWeekday[];
  /** Hours after filing (or reopening) a complaint of each type is due (CONTRACT 5.5). */
  slaHoursHostel: number;
  slaHoursCollege: number;
  /** Bearer token that unlocks GET /api/metrics; unset, the endpoint does not exist (CONTRACT 5.7). */
  metricsToken: string | undefined;
  /** CONTRACT 6.3: VAPID keys given by the environment; unset, they are made once and kept in the database */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** `mailto:` + MAIL_FROM's address unless VAPID_SUBJECT says otherwise */
  vapidSubject: string;
  /** host:port pairs (lower-case) a push endpoint may name whatever they resolve to: test push services */
  pushAllowHosts: string[];
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
    // a secret's value would end up in the service's journal, read by more people than the env file
    const shown =
      name === 'METRICS_TOKEN' || name === 'VAPID_PRIVATE_KEY' ? '(hidden)' : JSON.stringify(cleaned[name]);
    throw new ConfigError(`Invalid environment variable ${name}=${shown}: ${issue?.message}`);
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
    admin2fa: e.ADMIN_2FA,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    publicUrlSet: e.PUBLIC_URL !== undefined,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(e.WEB_DIST) : undefined,
    workers: e.WORKERS ?? Math.min(os.availableParallelism(), 8),
    timeZone: e.TIME_ZONE,
    workingDays: parseWorkingDays(e.WORKING_DAYS) as TWeekday[],
    slaHoursHostel: e.SLA_HOURS_HOSTEL,
    slaHoursCollege: e.SLA_HOURS_COLLEGE,
    metricsToken: e.METRICS_TOKEN,
    vapidKeys: vapidKeys(e.VAPID_PUBLIC_KEY, e.VAPID_PRIVATE_KEY),
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${mailAddress(e.MAIL_FROM)}`,
    pushAllowHosts: (e.PUSH_ALLOW_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
  };
}

function vapidKeys(publicKey: string | undefined, privateKey: string | undefined) {
  if (publicKey && privateKey) return { publicKey, privateKey };
  if (!publicKey && !privateKey) return undefined;
  const missing = publicKey ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  throw new ConfigError(
    `Invalid environment variable ${missing}=undefined: VAPID keys are given both or neither`,
  );
}

/** `Name <a@b>` → `a@b`; a bare address stays as it is. */
function mailAddress(from: string) {
  return (/<([^>]+)>/.exec(from)?.[1] ?? from).trim();
}

/** proxy-addr's names for address ranges, accepted in a TRUST_PROXY list as it accepts them. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR range of them, or one of proxy-addr's range names. */
function isProxyAddress(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): false | number | string[] {
  const v = value.trim();
  const invalid = (why: string) =>
    new ConfigError(`Invalid environment variable TRUST_PROXY=${JSON.stringify(value)}: ${why}`);
  if (v === 'false') return false;
  // `true` believed whatever X-Forwarded-For a client wrote, so a rotating header dodged every
  // per-address limit (CONTRACT 5.9)
  if (v === 'true')
    throw invalid(
      'true would believe any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated)',
    );
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops < 1 || hops > 32) throw invalid('the number of proxies must be between 1 and 32');
    return hops;
  }
  const list = v.split(',').map((s) => s.trim());
  const bad = list.find((a) => !isProxyAddress(a));
  if (bad !== undefined)
    throw invalid(
      `${JSON.stringify(bad)} is not a proxy address; give false, the number of proxies in front of the server, or their addresses or CIDR ranges, comma-separated`,
    );
  return list;
}
