import type { TComplaintStatus } from '@bit/contract';
import type { Kysely, Transaction } from 'kysely';
import { type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';

/** A line of a complaint's history (CONTRACT 5.3): a status it took, or an assignment, by whom and when. */
export interface HistoryEntry {
  complaintId: number;
  status: TComplaintStatus;
  remarks: string | null;
  byId: number;
  byName: string;
  byDesignation: string | null;
  at: number;
}

type HistoryColumns = { [K in keyof HistoryEntry]: HistoryEntry[K][] };

// one statement per number of lines, compiled once for each
const insertLines = preparedQuery((db, p: Placeholders<HistoryColumns>) =>
  db.insertInto('complaint_history').values(
    p.complaintId.map((complaintId, i) => ({
      complaint_id: complaintId,
      status: p.status[i]!,
      remarks: p.remarks[i]!,
      by_id: p.byId[i]!,
      by_name: p.byName[i]!,
      by_designation: p.byDesignation[i]!,
      at: p.at[i]!,
    })),
  ),
);

/** Lines a multi-row insert writes at most: 7 arguments each. */
const LINES_PER_STATEMENT = 200;

/**
 * THE writer of history lines (a filing's first on SQLite, every status change's through changeStatus,
 * an assignment's), in the caller's transaction: one multi-row insert per 200 lines, so an incident's
 * 500 complaints cost three statements where one a complaint was 500 round trips on PostgreSQL.
 * PostgreSQL's filing writes its first line in the filing's own statement (file.queries.ts: one round
 * trip where four were), from the row it files.
 */
export async function insertHistory(db: Kysely<DB> | Transaction<DB>, entries: readonly HistoryEntry[]) {
  for (let i = 0; i < entries.length; i += LINES_PER_STATEMENT) {
    const part = entries.slice(i, i + LINES_PER_STATEMENT);
    await insertLines(db, {
      complaintId: part.map((e) => e.complaintId),
      status: part.map((e) => e.status),
      remarks: part.map((e) => e.remarks),
      byId: part.map((e) => e.byId),
      byName: part.map((e) => e.byName),
      byDesignation: part.map((e) => e.byDesignation),
      at: part.map((e) => e.at),
    });
  }
}
