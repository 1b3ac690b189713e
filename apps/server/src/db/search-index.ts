import { type Kysely, sql } from 'kysely';
import { searchDocument } from '../lib/search-text';
import type { Dialect } from './database';

/**
 * The search index's writes (CONTRACT 6.2, decision 0025): one document per complaint, the normalised
 * words (lib/search-text.ts) of its student's name, its description, every remark it has been given
 * and every message on it. The services write it in the transaction of the change that adds words (a
 * filing writes the document, a remark or a message adds its words to it, one statement each), so
 * the index is never behind a commit. Both forms side by side:
 * - SQLite: `complaint_search`, an FTS5 table (rowid = complaint id) that keeps its document, so that
 *   words are added by one UPDATE without reading anything;
 * - PostgreSQL: `complaint_search` (complaint_id, doc tsvector) under a GIN index, the words made
 *   lexemes as they are (array_to_tsvector: no text search parser or dictionary of its own).
 */

/** What a complaint's document is made of. */
export interface SearchSource {
  student_name: string;
  description: string;
  remarks: string | null;
}

export const searchDocOf = (c: SearchSource, messages: readonly string[]) =>
  searchDocument([c.student_name, c.description, c.remarks, ...messages]);

// biome-ignore lint/suspicious/noExplicitAny: written from a migration (Kysely<unknown>) and from services (Kysely<DB>)
type AnyDb = Kysely<any>;

/** Documents written by one statement: two arguments each, well under either dialect's limit. */
const DOCS_PER_STATEMENT = 500;

type SearchDoc = { id: number; doc: string };

/** Writes (or replaces) complaints' documents. */
export async function writeSearchDocs(db: AnyDb, dialect: Dialect, docs: SearchDoc[]) {
  for (let i = 0; i < docs.length; i += DOCS_PER_STATEMENT)
    await writeDocsStatement(db, dialect, docs.slice(i, i + DOCS_PER_STATEMENT));
}

async function writeDocsStatement(db: AnyDb, dialect: Dialect, docs: SearchDoc[]) {
  if (dialect === 'postgres') {
    const rows = docs.map(
      (d) => sql`(${d.id}::bigint, array_to_tsvector(string_to_array(${d.doc}::text, ' ')))`,
    );
    await sql`insert into complaint_search (complaint_id, doc) values ${sql.join(rows)}
      on conflict (complaint_id) do update set doc = excluded.doc`.execute(db);
    return;
  }
  const rows = docs.map((d) => sql`(${d.id}, ${d.doc})`);
  await sql`insert or replace into complaint_search (rowid, doc) values ${sql.join(rows)}`.execute(db);
}

/**
 * Adds the words of a text (a new remark, a message) to complaints' documents: one statement for any
 * number of complaints (an incident's update gives its remark to each of its complaints).
 */
export async function addSearchWords(db: AnyDb, dialect: Dialect, ids: number[], text: string | null) {
  const words = searchDocument([text]);
  if (ids.length === 0 || words === '') return;
  if (dialect === 'postgres') {
    await sql`update complaint_search set doc = doc || array_to_tsvector(string_to_array(${words}::text, ' '))
      where complaint_id in (${sql.join(ids)})`.execute(db);
    return;
  }
  await sql`update complaint_search set doc = doc || ' ' || ${words} where rowid in (${sql.join(ids)})`.execute(
    db,
  );
}

/**
 * Reads complaints' sources and writes their documents again, for complaints written in bulk (the
 * migration, the demo seed, the benchmark's generator), a batch of ids at a time. Only the current
 * remark is read (the history's earlier ones are not).
 */
export async function reindexComplaints(db: AnyDb, dialect: Dialect, ids: number[]) {
  if (ids.length === 0) return;
  const rows = (await db
    .selectFrom('complaints')
    .select(['id', 'student_name', 'description', 'remarks'])
    .where('id', 'in', ids)
    .execute()) as (SearchSource & { id: number })[];
  const messages = (await db
    .selectFrom('complaint_messages')
    .select(['complaint_id', 'body'])
    .where('complaint_id', 'in', ids)
    .orderBy('id')
    .execute()) as { complaint_id: number; body: string }[];
  const bodies = new Map<number, string[]>();
  for (const m of messages) {
    const id = Number(m.complaint_id);
    const list = bodies.get(id) ?? [];
    list.push(m.body);
    bodies.set(id, list);
  }
  await writeSearchDocs(
    db,
    dialect,
    rows.map((r) => ({ id: Number(r.id), doc: searchDocOf(r, bodies.get(Number(r.id)) ?? []) })),
  );
}

/** Every complaint's document, BATCH complaints at a time (each batch in its own statements). */
export async function reindexAllComplaints(db: AnyDb, dialect: Dialect, batch = 500) {
  let after = 0;
  for (;;) {
    const ids = (
      (await db
        .selectFrom('complaints')
        .select('id')
        .where('id', '>', after)
        .orderBy('id')
        .limit(batch)
        .execute()) as { id: number }[]
    ).map((r) => Number(r.id));
    if (ids.length === 0) return;
    await reindexComplaints(db, dialect, ids);
    after = ids.at(-1)!;
  }
}
