import { type Kysely, type Migration, sql } from 'kysely';

/**
 * A notice says who posted it as "Dr Rao (Warden)", not "(authority)" (issue 33 row 19): the poster's
 * designation is copied onto the notice when it is posted, as the name already is, so a later change
 * of the account does not rewrite what the notice said. Notices posted before this migration take
 * their authority's designation now. Null for an admin's notice. The same statements in both dialects.
 */
export const noticePosterDesignation = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').addColumn('posted_by_designation', 'text').execute();
    await sql`update notifications set posted_by_designation = (
      select designation from users where users.id = notifications.posted_by_id
    ) where posted_by_role = 'authority'`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('notifications').dropColumn('posted_by_designation').execute();
  },
});
