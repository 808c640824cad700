import type { User } from '../../common/api/auth';
import type { Role } from '../../common/roles';

/** A users row as the services read it. */
export interface UserRow {
  id: number;
  username: string;
  email: string | null;
  role: Role;
  provider_name: string | null;
  is_active: boolean;
  token_version: number;
  password_hash: string;
  last_login: Date | null;
  created_at: Date;
}

export const USER_COLUMNS =
  'id, username, email, role, provider_name, is_active, token_version, password_hash, last_login, created_at';

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
