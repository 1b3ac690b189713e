import type { Kysely, Migration } from 'kysely';

/**
 * CONTRACT 6.6: a student may add at most 30 photos a day. Each photo reads its author's newest photos
 * by time, so they need an index of their own (complaint_attachments_complaint_idx is by complaint).
 */
export const photoQuota = (): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createIndex('complaint_attachments_author_idx')
      .on('complaint_attachments')
      .columns(['by_id', 'at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('complaint_attachments_author_idx').execute();
  },
});
