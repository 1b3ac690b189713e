import {
  type AliasableExpression,
  type Compilable,
  CompiledQuery,
  type Kysely,
  type RootOperationNode,
  type SelectQueryNode,
  sql,
} from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/**
 * An argument while its statement is built: an expression the builder can put into the query
 * (`where('id', '=', p.id)`, `limit(p.limit)`, `p.now.as('created_at')`) but cannot read, so no
 * branch of the builder can depend on it and one compiled text serves every call.
 */
export type Placeholder<T> = AliasableExpression<T>;

/**
 * The builder's view of a statement's named arguments. A list argument (`ids: number[]`) is a list
 * of placeholders as long as the call's list: its length is part of the shape.
 */
export type Placeholders<A> = {
  readonly [K in keyof A]: A[K] extends readonly (infer E)[] ? readonly Placeholder<E>[] : Placeholder<A[K]>;
};

/**
 * What a definition may branch on to build different statements: a union of names, or an object of
 * such values (e.g. `{ keyset: boolean }`). Each one is compiled once and kept.
 */
export type Shape = string | Readonly<Record<string, string | number | boolean | null>>;

type Target = Database | Kysely<DB>;

/** How a prepared query is called: its named arguments, after its shape when it has several. */
export type PreparedQuery<A, Row, S> = [S] extends [never]
  ? (database: Target, args: A) => Promise<Row[]>
  : (database: Target, shape: S, args: A) => Promise<Row[]>;

// a parameter of the compiled text: one argument, one item of a list argument, or a constant
type Slot = { key: string; item: number } | { value: unknown };

interface Compiled {
  sql: string;
  slots: Slot[];
  read: boolean;
}

const MARKER = '\u0000prepared\u0000';

/**
 * A select whose CTEs are selects too (those that read the session with the data on PostgreSQL);
 * a select over CTEs that insert (a filing as one statement) writes, and keeps Kysely's path.
 */
function isRead(node: RootOperationNode): boolean {
  if (node.kind !== 'SelectQueryNode') return false;
  const ctes = (node as SelectQueryNode).with?.expressions ?? [];
  return ctes.every((cte) => isRead(cte.expression as RootOperationNode));
}

/**
 * A query built and compiled once per database and shape, then run with new arguments. Kysely builds
 * an immutable query tree and compiles it on every call, which on the hottest paths (the session
 * lookup on every request, a complaint by token) cost more than SQLite's own index lookup.
 *
 *   const byToken = preparedQuery((db, p: Placeholders<{ token: string }>) =>
 *     db.selectFrom('complaints').selectAll().where('token', '=', p.token));
 *   const [row] = await byToken(ctx.database, { token });
 *
 * A third parameter of the builder, typed as a union, makes it a family of statements chosen by
 * the caller: `(db, p: Placeholders<A>, kind: 'all' | 'hostel') => ...`, called `q(db, kind, args)`.
 */
export function preparedQuery<A extends object, Row, S extends Shape = never>(
  build: (db: Kysely<DB>, p: Placeholders<A>, shape: S) => Compilable<Row>,
): PreparedQuery<A, Row, S> {
  // keyed by the dialect's adapter, which a database shares with its transactions: the same text
  // serves both, and a filing's transaction does not compile its statements anew
  const cache = new WeakMap<object, Map<string, Compiled>>();
  // the argument names that hold lists, learnt on the first call (the types fix them)
  let listKeys: string[] | undefined;

  const compile = (db: Kysely<DB>, shape: S, args: Record<string, unknown>): Compiled => {
    const slotOf = new Map<string, Slot>();
    const placeholder = (key: string, item: number) => {
      const marker = `${MARKER}${key}\u0000${item}`;
      slotOf.set(marker, { key, item });
      return sql.val(marker);
    };
    const placeholders: Record<string, unknown> = {};
    for (const key of Object.keys(args)) {
      const value = args[key];
      placeholders[key] = Array.isArray(value)
        ? value.map((_, i) => placeholder(key, i))
        : placeholder(key, -1);
    }
    const query = build(db, placeholders as unknown as Placeholders<A>, shape).compile();
    return {
      sql: query.sql,
      slots: query.parameters.map((p) => slotOf.get(p as string) ?? { value: p }),
      read: isRead(query.query),
    };
  };

  const run = async (database: Target, shape: S, args: Record<string, unknown>): Promise<Row[]> => {
    const fast = 'readRows' in database ? database : null;
    const db = fast ? fast.db : (database as Kysely<DB>);
    const adapter = db.getExecutor().adapter;
    let statements = cache.get(adapter);
    if (!statements) {
      statements = new Map();
      cache.set(adapter, statements);
    }
    listKeys ??= Object.keys(args).filter((k) => Array.isArray(args[k]));
    let key = shape === undefined ? '' : typeof shape === 'string' ? shape : JSON.stringify(shape);
    for (const k of listKeys) key += `#${(args[k] as unknown[]).length}`;
    let compiled = statements.get(key);
    if (!compiled) {
      compiled = compile(db, shape, args);
      statements.set(key, compiled);
    }
    const { slots } = compiled;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const s = slots[i]!;
      parameters[i] = 'value' in s ? s.value : s.item < 0 ? args[s.key] : (args[s.key] as unknown[])[s.item];
    }
    // the fast path skips Kysely's driver (its connection mutex and promise chain) for reads
    // outside a transaction; a transaction's own reads go through it and see its writes
    if (fast && compiled.read) {
      const rows = fast.readRows<Row>(compiled.sql, parameters);
      if (rows) return rows;
    }
    const result = await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters));
    return result.rows;
  };

  type Args = Record<string, unknown>;
  return ((database: Target, shapeOrArgs: S | Args, args?: Args) =>
    args === undefined
      ? run(database, undefined as unknown as S, shapeOrArgs as Args)
      : run(database, shapeOrArgs as S, args)) as PreparedQuery<A, Row, S>;
}
