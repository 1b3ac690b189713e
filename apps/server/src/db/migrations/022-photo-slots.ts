import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database';
import { withId } from './helpers';

/**
 * CONTRACT 6.7: a photo's place is held before it is decoded. A row here is a photo on its way
 * (read, waiting for a decode, being stored): it counts against its complaint's six and, for a
 * student, the day's 30, as a stored photo does, so that photos sent at once beyond either limit are
 * refused before any is decoded. The row is deleted when its photo is stored (in the same
 * transaction) or fails; one left behind by a process that died stops counting after a while
 * (services/complaints/photos.ts: SLOT_TTL_MS).
 */
export const photoSlots = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await withId(db.schema.createTable('photo_slots'), dialect)
      .addColumn('complaint_id', 'bigint', (c) => c.notNull().references('complaints.id').onDelete('cascade'))
      .addColumn('by_id', 'bigint', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('photo_slots_complaint_idx')
      .on('photo_slots')
      .column('complaint_id')
      .execute();
    await db.schema.createIndex('photo_slots_by_idx').on('photo_slots').column('by_id').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('photo_slots').execute();
  },
});
