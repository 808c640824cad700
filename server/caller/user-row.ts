import { sql } from 'drizzle-orm';
import type { User } from '../../common/api/auth';
import { columnList, type Row, sqlColumns } from '../db/rows';
import { users } from '../db/schema';

/**
 * Whether the user has a second factor on: a confirmed authenticator app or a passkey
 * (docs/behaviour.md section 20). Raw text, read beside the user's columns in one statement.
 */
export const HAS_MFA_SQL = `(EXISTS (SELECT 1 FROM user_totp WHERE user_totp.user_id = users.id AND user_totp.secret_sealed IS NOT NULL)
  OR EXISTS (SELECT 1 FROM passkeys WHERE passkeys.user_id = users.id))`;

/** A users row as the services read it, under its SQL names, with whether a second factor is on. */
export type UserRow = Row<typeof users> & { has_mfa: boolean };

/** Every users column and has_mfa, for Drizzle's select and returning: rows come back as UserRow. */
export const USER = { ...sqlColumns(users), has_mfa: sql<boolean>`${sql.raw(HAS_MFA_SQL)}`.as('has_mfa') };

/** The same columns for raw SQL (the request guard's one-statement read). */
export const USER_COLUMNS = `${columnList(users)}, ${HAS_MFA_SQL} AS has_mfa`;

/** The public shape: never the hash or the token version. */
export function toPublicUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    provider_name: row.provider_name,
    is_active: row.is_active,
    has_mfa: row.has_mfa,
    last_login: row.last_login ? new Date(row.last_login).toISOString() : null,
    created_at: new Date(row.created_at).toISOString(),
  };
}
