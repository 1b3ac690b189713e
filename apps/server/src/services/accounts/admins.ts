import type { Ctx } from '../../context';
import { hashPassword } from '../../lib/passwords';
import { recordAudit } from '../oversight/audit';
import { revokeAllSessions } from './sessions';
import { clearLoginFailures } from './throttle-keys';
import { resetTwoFactor } from './two-factor';
import { findUserByEmail } from './users';

/** Creates an admin, or resets the password of the admin with that email. */
export async function createAdmin(
  ctx: Ctx,
  input: { email: string; password: string; name: string },
): Promise<'created' | 'updated'> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const now = ctx.clock.now();
  const existing = await findUserByEmail(ctx, email);
  if (existing && existing.role !== 'admin') {
    throw new Error(`${email} already belongs to a ${existing.role} account`);
  }
  if (existing) {
    await ctx.database.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, name: input.name, updated_at: now, verified: 1, approved: 1 })
        .where('id', '=', existing.id)
        .execute();
      await revokeAllSessions(ctx, Number(existing.id), trx);
      // an admin who lost the phone and the recovery codes gets in again through the command line
      await resetTwoFactor(ctx, trx, Number(existing.id));
      await recordAudit(trx, {
        actor: null,
        action: 'admin.reset',
        target: { type: 'user', id: Number(existing.id) },
        ip: null,
        at: now,
      });
    });
    await clearLoginFailures(ctx, email);
    return 'updated';
  }
  await ctx.database.db.transaction().execute(async (trx) => {
    const created = await trx
      .insertInto('users')
      .values({
        role: 'admin',
        name: input.name,
        email,
        password_hash: passwordHash,
        mobile: null,
        department: null,
        designation: null,
        hostel_no: null,
        roll_no: null,
        session: null,
        verified: 1,
        approved: 1,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, {
      actor: null,
      action: 'admin.create',
      target: { type: 'user', id: Number(created.id) },
      ip: null,
      at: now,
    });
  });
  return 'created';
}
