import type { TDesignation } from '@bit/contract';
import { hashPassword } from '../src/lib/passwords';
import { createSession } from '../src/services/accounts/sessions';
import { toUser } from '../src/services/accounts/users';
import type { TestApp } from './harness';

let seq = 0;
const next = () => `${process.pid}${++seq}`;
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = 'password123';
const passwordHash = () => (cachedHash ??= hashPassword(DEFAULT_PASSWORD));

export interface Built {
  id: number;
  token: string;
  email: string;
  password: string;
  user: ReturnType<typeof toUser>;
}

async function insertUser(t: TestApp, values: Record<string, unknown>): Promise<Built> {
  const now = t.clock.now();
  const row = await t.ctx.database.db
    .insertInto('users')
    .values({
      mobile: '9876543210',
      department: null,
      designation: null,
      hostel_no: null,
      roll_no: null,
      session: null,
      verified: 1,
      approved: 1,
      created_at: now,
      updated_at: now,
      password_hash: await passwordHash(),
      ...(values as { role: 'student'; name: string; email: string }),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const { token } = await createSession(t.ctx, Number(row.id), false);
  return { id: Number(row.id), token, email: row.email, password: DEFAULT_PASSWORD, user: toUser(row) };
}

/** A verified student with a live session. */
export function buildStudent(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = next();
  return insertUser(t, {
    role: 'student',
    name: `Student ${n}`,
    email: `student${n}@${t.config.studentEmailDomain}`,
    roll_no: `BTECH/${n}/23`,
    session: '2023-27',
    department: 'Computer Science',
    ...overrides,
  });
}

/** A verified, approved authority (approved: false for one awaiting approval). */
export function buildAuthority(
  t: TestApp,
  designation: TDesignation,
  opts: { hostelNo?: number | null; approved?: boolean; name?: string; email?: string } = {},
) {
  const n = next();
  return insertUser(t, {
    role: 'authority',
    name: opts.name ?? `${designation} ${n}`,
    email: opts.email ?? `authority${n}@example.org`,
    designation,
    hostel_no: designation === 'Hostel Clerk' || designation === 'Warden' ? (opts.hostelNo ?? 1) : null,
    department: designation === 'Network Department' ? 'Network' : null,
    approved: opts.approved === false ? 0 : 1,
  });
}

export function buildAdmin(t: TestApp, overrides: Record<string, unknown> = {}) {
  const n = next();
  return insertUser(t, { role: 'admin', name: `Admin ${n}`, email: `admin${n}@example.org`, ...overrides });
}

/** The newest mail queued for an address, and the 6-digit code in its subject if any. */
export async function lastMail(t: TestApp, to: string) {
  const row = await t.ctx.database.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_addr', '=', to)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { ...row, code: /\b(\d{6})\b/.exec(row.subject)?.[1] } : undefined;
}
