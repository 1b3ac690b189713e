import * as postgres from 'kysely/helpers/postgres';
import * as sqlite from 'kysely/helpers/sqlite';
import type { Dialect } from './database';

/**
 * Kysely's JSON builders for a dialect (`jsonArrayFrom`, `jsonObjectFrom`): rows read inside one
 * statement as JSON, so a request's parts come in one statement (decision 0019). Their subqueries
 * select named columns, never `selectAll()`: SQLite's `json_object` names every column it holds.
 */
export const jsonOf = (dialect: Dialect) => (dialect === 'postgres' ? postgres : sqlite);

/** A JSON column as PostgreSQL's driver gives it (parsed), whatever the dialect: SQLite's is text. */
export const parsedJson = <T>(value: unknown): T =>
  (typeof value === 'string' ? JSON.parse(value) : value) as T;
