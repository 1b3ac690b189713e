import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../database';
import { reindexAllComplaints } from '../search-index';

/**
 * Issue 35 (CONTRACT 6.2, decision 0025): search.
 *
 * - `complaint_search`: one document per complaint, its normalised words (db/search-index.ts). SQLite:
 *   an FTS5 table that keeps its documents (words are added to one by an UPDATE), with a prefix
 *   index of 2 and 3 characters (a one-character prefix walks the terms). PostgreSQL: a tsvector per complaint under a GIN index.
 * - A roll number or a room number is matched whole and case-insensitively through an index of its
 *   own, on lower(...); a token through its unique index (tokens are upper case).
 * - Complaints filed before are indexed here.
 */
export const search = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    if (dialect === 'postgres') {
      await sql`create table complaint_search (
          complaint_id bigint primary key references complaints (id) on delete cascade,
          doc tsvector not null
        )`.execute(db);
      await sql`create index complaint_search_doc_idx on complaint_search using gin (doc)`.execute(db);
    } else {
      await sql`create virtual table complaint_search using fts5(
          doc, tokenize='unicode61 remove_diacritics 2', prefix='2 3'
        )`.execute(db);
    }
    // (value, id): the ids come from the index alone
    await sql`create index complaints_roll_lower_idx on complaints (lower(student_roll), id)`.execute(db);
    await sql`create index complaints_room_lower_idx on complaints (lower(room_no), id)`.execute(db);
    await reindexAllComplaints(db, dialect);
  },
  async down(db: Kysely<unknown>) {
    await sql`drop index complaints_room_lower_idx`.execute(db);
    await sql`drop index complaints_roll_lower_idx`.execute(db);
    await sql`drop table complaint_search`.execute(db);
  },
});
