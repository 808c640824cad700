import type { User } from '../../common/api/auth';
import { columnList, type Row, sqlColumns } from '../db/rows';
import { users } from '../db/schema';

/** A users row as the services read it, under its SQL names. */
export type UserRow = Row<typeof users>;

/** Every users column, for Drizzle's select and returning: rows come back as UserRow. */
export const USER = sqlColumns(users);

/** The same columns for raw SQL (the request guard's one-statement read). */
export const USER_COLUMNS = columnList(users);

/** The public shape: never the hash or the token version. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    provider_name: row.provider_name,
    is_active: row.is_active,
    last_login: row.last_login ? new Date(row.last_login).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
