import { randomBytes } from 'node:crypto';
import type { Ctx } from '../../context';
import type { Database } from '../../db/database';

const cache = new WeakMap<Database, Map<string, Promise<string>>>();

/**
 * A secret the server signs with, made once and kept in the database (CONTRACT 6.5), so that
 * every instance signs and checks with the same one; read once per process. The first instance to
 * need it writes it; another writing at the same moment keeps the first one's.
 */
export function serverKey(
  ctx: Ctx,
  name: string,
  make: () => string = () => randomBytes(32).toString('base64url'),
) {
  let keys = cache.get(ctx.database);
  if (!keys) {
    keys = new Map();
    cache.set(ctx.database, keys);
  }
  let key = keys.get(name);
  if (!key) {
    key = (async () => {
      const db = ctx.database.db;
      await db
        .insertInto('server_keys')
        .values({ name, value: make(), created_at: ctx.clock.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_keys')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    })();
    // a failed read (the database away) is tried again by the next request, not remembered
    const inCache = keys;
    key.catch(() => inCache.delete(name));
    keys.set(name, key);
  }
  return key;
}
