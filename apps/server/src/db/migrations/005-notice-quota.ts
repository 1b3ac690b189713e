import type { Kysely, Migration } from 'kysely';

/**
 * CONTRACT 5.9: an authority may post at most 30 notices a day. The check reads the poster's
 * newest notices by time on every post, so it needs an index of its own: without one it scanned
 * every notice (notifications_hostel_idx is by audience, not by poster).
 */
export const noticeQuota = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('notifications_poster_idx')
      .on('notifications')
      .columns(['posted_by_id', 'created_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('notifications_poster_idx').execute();
  },
});
