import type { RegisterBody, UpdateUserBody } from '../../common/api/auth';
import type { Role } from '../../common/roles';
import { type Actor, recordAudit } from '../audit/service';
import { hashPassword } from '../auth/password';
import type { Db, Tx } from '../db/client';
import { HttpError } from '../http/errors';
import { toPublicUser, USER_COLUMNS, type UserRow } from './model';

type Register = {
  username: string;
  password: string;
  email: string | null;
  role: Role;
  provider_name: string | null;
};
type Update = Omit<UpdateUserBody, 'email' | 'provider_name'> & {
  email?: string | null;
  provider_name?: string | null;
};

export const LAST_ADMIN = 'The last active admin cannot be deleted, demoted or deactivated';

export async function listUsers(db: Tx) {
  const rows = await db.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users ORDER BY lower(username)`);
  return { success: true as const, users: rows.map(toPublicUser) };
}

async function assertUnique(
  tx: Tx,
  username: string | undefined,
  email: string | null | undefined,
  exceptId = 0,
) {
  if (username !== undefined) {
    const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1) AND id <> $2', [
      username,
      exceptId,
    ]);
    if (taken.length) throw new HttpError(409, `The username "${username}" is already taken`);
  }
  if (email) {
    const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
      email,
      exceptId,
    ]);
    if (taken.length) throw new HttpError(409, `The email ${email} is already used by another account`);
  }
}

/**
 * Two requests for one name at the same moment can both pass assertUnique on a PostgreSQL server;
 * the unique index then refuses the second, which is the same 409 and not a fault.
 */
async function unlessTaken<T>(body: { username?: string; email?: string | null }, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    const { code, constraint } = err as { code?: string; constraint?: string };
    if (code !== '23505') throw err;
    if (constraint === 'users_email_lower')
      throw new HttpError(409, `The email ${body.email} is already used by another account`);
    throw new HttpError(409, `The username "${body.username}" is already taken`);
  }
}

/** Locks the admin rows so two concurrent changes cannot both remove "the other" admin. */
async function otherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `SELECT id FROM users WHERE role = 'admin' AND is_active AND id <> $1 FOR UPDATE`,
    [exceptId],
  );
  return rows.length;
}

export async function registerUser(db: Db, actor: Actor, body: Register) {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await assertUnique(tx, body.username, body.email);
    const [row] = await unlessTaken(body, () =>
      tx.query<UserRow>(
        `INSERT INTO users (username, email, role, provider_name, password_hash) VALUES ($1, $2, $3, $4, $5)
         RETURNING ${USER_COLUMNS}`,
        [body.username, body.email, body.role, body.provider_name, passwordHash],
      ),
    );
    await recordAudit(tx, actor, 'user_created', { user_id: row.id, username: row.username, role: row.role });
    return { success: true as const, user: toPublicUser(row) };
  });
}

export async function updateUser(db: Db, actor: Actor, id: number, body: Update) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    const [current] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!current) throw new HttpError(404, 'User not found');
    await assertUnique(tx, body.username, body.email, id);
    const role = body.role ?? current.role;
    const active = body.is_active ?? current.is_active;
    const losesAdmin = current.role === 'admin' && current.is_active && (role !== 'admin' || !active);
    if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) throw new HttpError(409, LAST_ADMIN);
    // A new password or a disabled account ends the user's existing sessions.
    const revoke = passwordHash !== undefined || (current.is_active && !active);
    const [row] = await unlessTaken(body, () =>
      tx.query<UserRow>(
        `UPDATE users SET username = $2, email = $3, role = $4, provider_name = $5, is_active = $6,
         password_hash = coalesce($7, password_hash), token_version = token_version + $8
       WHERE id = $1 RETURNING ${USER_COLUMNS}`,
        [
          id,
          body.username ?? current.username,
          body.email === undefined ? current.email : body.email,
          role,
          body.provider_name === undefined ? current.provider_name : body.provider_name,
          active,
          passwordHash ?? null,
          revoke ? 1 : 0,
        ],
      ),
    );
    const changed = Object.keys(body).filter((k) => k !== 'password');
    if (passwordHash) changed.push('password');
    await recordAudit(tx, actor, 'user_updated', { user_id: id, username: row.username, changed });
    return { success: true as const, user: toPublicUser(row) };
  });
}

export async function deleteUser(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const [current] = await tx.query<UserRow>(`SELECT ${USER_COLUMNS} FROM users WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!current) throw new HttpError(404, 'User not found');
    if (current.role === 'admin' && current.is_active && (await otherActiveAdmins(tx, id)) === 0) {
      throw new HttpError(409, LAST_ADMIN);
    }
    await tx.query('DELETE FROM users WHERE id = $1', [id]);
    await recordAudit(tx, actor, 'user_deleted', { user_id: id, username: current.username });
    return { success: true as const };
  });
}

/** First start: with no user at all, create `admin`. Returns the generated password to print once. */
export async function ensureFirstAdmin(db: Db, password: string | undefined): Promise<string | null> {
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
  if (n > 0) return null;
  const generated = password ? null : randomPassword();
  await db.query(
    `INSERT INTO users (username, role, password_hash) VALUES ('admin', 'admin', $1) ON CONFLICT DO NOTHING`,
    [await hashPassword(password ?? generated!)],
  );
  await recordAudit(db, { id: null, username: null }, 'first_admin_created');
  return generated;
}

function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export type { Register as RegisterInput, RegisterBody };
