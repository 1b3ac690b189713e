import { type Placeholders, preparedQuery } from '../lib/prepared';
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
