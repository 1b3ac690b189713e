import { type Compilable, CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

type Slot = { arg: number } | { value: unknown };

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
  return async (db: Kysely<DB>, shape: string, ...args: A): Promise<Row[]> => {
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
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };
}
