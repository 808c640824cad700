import { and, eq, ne, sql } from 'drizzle-orm';
import type { RegisterBody, UpdateUserBody } from '../../common/api/auth';
import type { Role } from '../../common/roles';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import { toPublicUser, USER } from '../caller/user-row';
import type { Db, Tx } from '../db/client';
import { databaseError } from '../db/errors';
import { users } from '../db/schema';
import { bumpActivityVersion } from '../db/versions';
import { HttpError } from '../http/errors';
import { hashPassword } from '../platform/password';

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

const usernameTaken = (username: string | undefined) =>
  new HttpError(409, `The username "${username}" is already taken`, {
    code: 'username_taken',
    field: 'username',
  });
const emailTaken = (email: string | null | undefined) =>
  new HttpError(409, `The email ${email} is already used by another account`, {
    code: 'email_taken',
    field: 'email',
  });
const userNotFound = () => new HttpError(404, 'User not found', { code: 'user_not_found' });
const lastAdmin = () => new HttpError(409, LAST_ADMIN, { code: 'last_admin' });

export async function listUsers(db: Tx) {
  const rows = await db.orm.select(USER).from(users).orderBy(sql`lower(${users.username})`);
  return { success: true as const, users: rows.map(toPublicUser) };
}

async function assertUnique(
  tx: Tx,
  username: string | undefined,
  email: string | null | undefined,
  exceptId = 0,
) {
  const taken = (column: typeof users.username | typeof users.email, value: string) =>
    tx.orm
      .select({ id: users.id })
      .from(users)
      .where(and(sql`lower(${column}) = lower(${value})`, ne(users.id, exceptId)));
  if (username !== undefined && (await taken(users.username, username)).length) throw usernameTaken(username);
  if (email && (await taken(users.email, email)).length) throw emailTaken(email);
}

/**
 * Two requests for one name at the same moment can both pass assertUnique on a PostgreSQL server;
 * the unique index then refuses the second, which is the same 409 and not a fault.
 */
async function unlessTaken<T>(body: { username?: string; email?: string | null }, write: () => Promise<T>) {
  try {
    return await write();
  } catch (err) {
    const cause = databaseError(err);
    if (cause?.code !== '23505') throw err;
    throw cause.constraint === 'users_email_lower' ? emailTaken(body.email) : usernameTaken(body.username);
  }
}

/** The user's row, locked until the transaction ends. */
const lockUser = (tx: Tx, id: number) =>
  tx.orm.select(USER).from(users).where(eq(users.id, id)).for('update');

/** Locks the admin rows so two concurrent changes cannot both remove "the other" admin. */
async function otherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
  const rows = await tx.orm
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), ne(users.id, exceptId)))
    .for('update');
  return rows.length;
}

export async function registerUser(db: Db, actor: Actor, body: Register) {
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await assertUnique(tx, body.username, body.email);
    const [row] = await unlessTaken(body, () =>
      tx.orm
        .insert(users)
        .values({
          username: body.username,
          email: body.email,
          role: body.role,
          providerName: body.provider_name,
          passwordHash,
        })
        .returning(USER),
    );
    await recordAudit(tx, actor, 'user_created', { user_id: row.id, username: row.username, role: row.role });
    return { success: true as const, user: toPublicUser(row) };
  });
}

export async function updateUser(db: Db, actor: Actor, id: number, body: Update) {
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    const [current] = await lockUser(tx, id);
    if (!current) throw userNotFound();
    await assertUnique(tx, body.username, body.email, id);
    const role = body.role ?? current.role;
    const active = body.is_active ?? current.is_active;
    const losesAdmin = current.role === 'admin' && current.is_active && (role !== 'admin' || !active);
    if (losesAdmin && (await otherActiveAdmins(tx, id)) === 0) throw lastAdmin();
    // A new password or a disabled account ends the user's existing sessions.
    const revoke = passwordHash !== undefined || (current.is_active && !active);
    const [row] = await unlessTaken(body, () =>
      tx.orm
        .update(users)
        .set({
          username: body.username ?? current.username,
          email: body.email === undefined ? current.email : body.email,
          role,
          providerName: body.provider_name === undefined ? current.provider_name : body.provider_name,
          isActive: active,
          // Drizzle leaves out a field set to undefined: no new password keeps the current hash.
          passwordHash,
          tokenVersion: revoke ? sql`${users.tokenVersion} + 1` : undefined,
        })
        .where(eq(users.id, id))
        .returning(USER),
    );
    const changed = Object.keys(body).filter((k) => k !== 'password');
    if (passwordHash) changed.push('password');
    // The worklist shows writers and assignees by their current name.
    if (row.username !== current.username) await bumpActivityVersion(tx, { namesChanged: true });
    await recordAudit(tx, actor, 'user_updated', { user_id: id, username: row.username, changed });
    return { success: true as const, user: toPublicUser(row) };
  });
}

/**
 * Case work keeps a deleted user's last username as text (docs/behaviour.md section 15): the
 * foreign keys are set null by the delete, so the name is written first.
 */
async function keepNameOnActivities(tx: Tx, id: number, username: string): Promise<void> {
  await tx.query('UPDATE patient_activities SET username = $2 WHERE user_id = $1', [id, username]);
  await tx.query('UPDATE patient_activities SET assigned_to = $2 WHERE assigned_to_id = $1', [id, username]);
  await bumpActivityVersion(tx, { namesChanged: true });
}

export async function deleteUser(db: Db, actor: Actor, id: number) {
  return db.transaction(async (tx) => {
    const [current] = await lockUser(tx, id);
    if (!current) throw userNotFound();
    if (current.role === 'admin' && current.is_active && (await otherActiveAdmins(tx, id)) === 0) {
      throw lastAdmin();
    }
    await keepNameOnActivities(tx, id, current.username);
    await tx.orm.delete(users).where(eq(users.id, id));
    await recordAudit(tx, actor, 'user_deleted', { user_id: id, username: current.username });
    return { success: true as const };
  });
}

/** First start: with no user at all, create `admin`. Returns the generated password to print once. */
export async function ensureFirstAdmin(db: Db, password: string | undefined): Promise<string | null> {
  if ((await db.orm.$count(users)) > 0) return null;
  const generated = password ? null : randomPassword();
  await db.orm
    .insert(users)
    .values({
      username: 'admin',
      role: 'admin',
      passwordHash: await hashPassword(password ?? generated ?? ''),
    })
    .onConflictDoNothing();
  await recordAudit(db, { id: null, username: null }, 'first_admin_created');
  return generated;
}

function randomPassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export type { Register as RegisterInput, RegisterBody };
