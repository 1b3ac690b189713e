/**
 * Statements this process has sent to its database (issue 21): GET /api/metrics shows them as
 * `db_statements_total`, and the bench divides them by the requests it made, so the round trips a
 * request costs are visible beside its req/s. On PostgreSQL each one is a round trip; on SQLite a
 * statement run (BEGIN and COMMIT included, SQLite's own PRAGMAs not).
 *
 * A plain number in the process: a prom-client counter's inc() builds a label hash on every call,
 * and this runs on every statement. The metrics read it at scrape time.
 */
let statements = 0;

export function countStatement(): void {
  statements++;
}

export function readStatementCount(): number {
  return statements;
}

/**
 * Counts every query a pooled PostgreSQL connection sends: Kysely's queries, its transactions'
 * BEGIN and COMMIT, and the named statements of the fast path (which go through `pool.query`).
 * Wrapped once per connection, when the pool opens it.
 */
export function countQueriesOf(client: { query: unknown }): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function countedQuery(this: unknown, ...args: unknown[]) {
    statements++;
    return query.apply(this, args);
  };
}
