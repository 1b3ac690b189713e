import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 6.5: keys the server signs with (the device cookie's, kept here so that every instance
 * accepts every other's cookies), two-step sign-in (a flag on the user for the checks that run on
 * every request; the secret and its state in a table of its own, so that the signed-in user of a
 * request never carries it), its recovery codes and sign-in tickets, and the audit log.
 */
export const signInAndAudit = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('server_keys')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();

    await db.schema
      .alterTable('users')
      .addColumn('two_factor_on', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('two_factor')
      .addColumn('user_id', 'bigint', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      // base32; while `enabled_at` is null it is a secret being set up, not yet asked for
      .addColumn('secret', 'text', (c) => c.notNull())
      .addColumn('enabled_at', 'bigint')
      // the newest 30-second step a code was accepted for: a code is accepted once
      .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await withId(db.schema.createTable('recovery_codes'), dialect)
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();
    await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute();
    await withId(db.schema.createTable('login_tickets'), dialect)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('user_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('remember', 'integer', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .execute();

    await withId(db.schema.createTable('audit_log'), dialect)
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('actor_id', 'bigint')
      .addColumn('actor_name', 'text')
      .addColumn('actor_role', 'text')
      .addColumn('action', 'text', (c) => c.notNull())
      .addColumn('target_type', 'text')
      .addColumn('target_id', 'text')
      .addColumn('ip', 'text')
      .execute();
    // the list is newest first (by id), filtered by actor or action; the retention job deletes by time
    await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_id', 'id']).execute();
    await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'id']).execute();
    await db.schema.createIndex('audit_log_at_idx').on('audit_log').column('at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const t of ['audit_log', 'login_tickets', 'recovery_codes', 'two_factor', 'server_keys'])
      await db.schema.dropTable(t).execute();
    await db.schema.alterTable('users').dropColumn('two_factor_on').execute();
  },
});
