import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { DB } from '../db/schema';

type Slot = { arg: number } | { value: unknown };

const isRead = (sqlText: string) => sqlText.startsWith('select');

/**
 * A query built and compiled once per database and shape, then run with new parameters.
 * Kysely builds an immutable query tree and compiles it on every call, which on the hottest paths
 * (the session lookup on every request, a complaint by token) cost more than SQLite's own index
 * lookup. Only for fixed shapes: `build` gets placeholders for the arguments and may branch on
 * `shape` alone, never on an argument, and must not expand lists.
 */
export function preparedQuery<Row, A extends unknown[]>(
  build: (db: Kysely<DB>, shape: string, ...args: A) => Compilable<Row>,
) {
  const cache = new WeakMap<Kysely<DB>, Map<string, { sql: string; slots: Slot[] }>>();
  return async (database: Database | Kysely<DB>, shape: string, ...args: A): Promise<Row[]> => {
    const fast = 'readRows' in database ? database : null;
    const db = fast ? fast.db : (database as Kysely<DB>);
    let shapes = cache.get(db);
    if (!shapes) {
      shapes = new Map();
      cache.set(db, shapes);
    }
    let compiled = shapes.get(shape);
    if (!compiled) {
      const markers = args.map((_, i) => `\u0000prepared-argument-${i}\u0000`);
      const query = build(db, shape, ...(markers as unknown as A)).compile();
      compiled = {
        sql: query.sql,
        slots: query.parameters.map((p) => {
          const i = markers.indexOf(p as string);
          return i >= 0 ? { arg: i } : { value: p };
        }),
      };
      shapes.set(shape, compiled);
    }
    const parameters = compiled.slots.map((s) => ('arg' in s ? args[s.arg] : s.value));
    // the fast path skips Kysely's driver (its connection mutex and promise chain) for reads
    // outside a transaction; a transaction's own reads go through it and see its writes
    if (fast && isRead(compiled.sql)) {
      const rows = fast.readRows<Row>(compiled.sql, parameters);
      if (rows) return rows;
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
