import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * CONTRACT 5.9: a sign-up waits in its own row until its code verifies it, so a later sign-up with
 * the same email can neither overwrite nor cancel it, and it reserves no email or roll number
 * (users holds verified accounts only). Each verification code names the sign-up it was mailed for.
 */
export const pendingSignups = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('pending_signups'), dialect)
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('mobile', 'text')
      .addColumn('department', 'text')
      .addColumn('designation', 'text')
      .addColumn('hostel_no', 'integer')
      .addColumn('roll_no', 'text')
      .addColumn('session', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('pending_signups_email_idx')
      .on('pending_signups')
      .columns(['email', 'id'])
      .execute();
    await db.schema
      .createIndex('pending_signups_expiry_idx')
      .on('pending_signups')
      .column('expires_at')
      .execute();
    await db.schema.alterTable('otp_codes').addColumn('signup_id', 'bigint').execute();

    // unverified accounts of the first release become pending sign-ups (they never had a session)
    await sql`insert into pending_signups (role, name, email, password_hash, mobile, department, designation,
        hostel_no, roll_no, session, created_at, expires_at)
      select role, name, email, password_hash, mobile, department, designation, hostel_no, roll_no, session,
        updated_at, updated_at + ${PENDING_TTL_MS}
      from users where verified = 0 and role <> 'admin'`.execute(db);
    await sql`update otp_codes set signup_id = (select max(p.id) from pending_signups p where p.email = otp_codes.email)
      where purpose = 'verify' and consumed_at is null`.execute(db);
    await sql`delete from users where verified = 0 and role <> 'admin'`.execute(db);
  },
});
