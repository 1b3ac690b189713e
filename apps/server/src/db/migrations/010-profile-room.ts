import type { Kysely, Migration } from 'kysely';

/**
 * CONTRACT 5.8: a student keeps an optional hostel (users.hostel_no, which authorities already
 * had) and room on their profile, filled into the filing form and the notice page's picker. Text,
 * like complaints.room_no; null where it does not apply. The same statement in both dialects.
 */
export const profileRoom = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('room_no', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('users').dropColumn('room_no').execute();
  },
});
