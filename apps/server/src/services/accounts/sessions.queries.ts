import type { QueryCreator } from 'kysely';
import { type Placeholder, type Placeholders, preparedQuery } from '../../db/prepared';
import type { DB } from '../../db/schema';
import { USER_COLUMNS } from './users';

export const sessionByTokenHash = preparedQuery((db, p: Placeholders<{ tokenHash: string }>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    // every column but the password hash, which no request after sign-in needs
    .select(USER_COLUMNS.map((c) => `users.${c}` as const))
    .select(['sessions.id as session_id', 'sessions.expires_at', 'sessions.revoked_at'])
    .where('sessions.token_hash', '=', p.tokenHash),
);

/**
 * The live session of a token hash with its user, or no row: findSession's test stated in SQL,
 * for a statement that reads the session and the request's data together (a CTE named `s`).
 */
export const liveSession = (db: QueryCreator<DB>, tokenHash: Placeholder<string>, now: Placeholder<number>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(USER_COLUMNS.map((c) => `users.${c}` as const))
    .select('sessions.id as session_id')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now);
