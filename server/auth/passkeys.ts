/**
 * Passkeys as a second factor (docs/behaviour.md section 20), verified by @simplewebauthn/server:
 * register several per user, each named; rename and remove them; the sign-in's assertion is in
 * second-step.ts.
 */
import {
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { and, asc, eq } from 'drizzle-orm';
import type { Passkey } from '../../common/api/mfa';
import { recordAudit } from '../audit/service';
import type { Actor } from '../caller/actor';
import type { UserRow } from '../caller/user-row';
import type { Db, Tx } from '../db/client';
import { databaseError } from '../db/errors';
import { passkeys, userTotp } from '../db/schema';
import { HttpError } from '../http/errors';
import type { SignInDeps } from './sign-in';

/** How long the browser has to answer a registration or a sign-in's options. */
export const CHALLENGE_TTL_MS = 5 * 60_000;

const passkeyNotFound = () => new HttpError(404, 'Passkey not found', { code: 'passkey_not_found' });
export const passkeyRefused = (status: 400 | 401, why: string) =>
  new HttpError(status, `The passkey could not be verified: ${why}`, { code: 'passkey_refused' });

const PUBLIC = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};
const toPasskey = (r: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): Passkey => ({
  id: r.id,
  name: r.name,
  created_at: r.createdAt.toISOString(),
  last_used_at: r.lastUsedAt?.toISOString() ?? null,
});

export async function listPasskeys(db: Tx, userId: number): Promise<Passkey[]> {
  const rows = await db.orm
    .select(PUBLIC)
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toPasskey);
}

/** The user's credentials, as the options of a registration (to exclude) or a sign-in (to allow) name them. */
export async function credentialsOf(db: Tx, userId: number) {
  const rows = await db.orm
    .select({ id: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
  return rows.map((r) => ({ id: r.id, transports: r.transports }));
}

/** The options a browser needs to make a passkey; the challenge is kept for 5 minutes. */
export async function registrationOptions({ db, limits, relyingParty }: SignInDeps, user: UserRow) {
  const options = await generateRegistrationOptions({
    rpName: relyingParty.name,
    rpID: relyingParty.id,
    userName: user.username,
    userID: isoBase64URL.toBuffer(isoBase64URL.fromUTF8String(`user-${user.id}`)),
    attestationType: 'none',
    excludeCredentials: await credentialsOf(db, user.id),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  const expires = new Date(limits.now() + CHALLENGE_TTL_MS);
  const set = { passkeyChallenge: options.challenge, passkeyChallengeExpiresAt: expires };
  await db.orm
    .insert(userTotp)
    .values({ userId: user.id, ...set })
    .onConflictDoUpdate({ target: userTotp.userId, set });
  // Spread: the contract types the options as a plain object, which an interface is not.
  return { success: true as const, options: { ...options } };
}

/** Verifies the browser's new passkey against the kept challenge (used once) and stores it, named. */
export async function registerPasskey(
  { db, limits, relyingParty }: SignInDeps,
  user: UserRow,
  name: string,
  response: RegistrationResponseJSON,
  ip: string,
) {
  const now = limits.now();
  // Taken whatever follows: a challenge answers one registration.
  const [held] = await db.orm
    .select({ challenge: userTotp.passkeyChallenge, expires: userTotp.passkeyChallengeExpiresAt })
    .from(userTotp)
    .where(eq(userTotp.userId, user.id));
  await db.orm
    .update(userTotp)
    .set({ passkeyChallenge: null, passkeyChallengeExpiresAt: null })
    .where(eq(userTotp.userId, user.id));
  if (!held?.challenge || !held.expires || held.expires.getTime() <= now)
    throw passkeyRefused(400, 'its request has expired or was used; start adding it again');
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: held.challenge,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: false,
    });
  } catch (err) {
    throw passkeyRefused(400, (err as Error).message);
  }
  if (!verified.verified) throw passkeyRefused(400, 'the browser’s answer does not verify');
  const { credential } = verified.registrationInfo;
  try {
    const [row] = await db.orm
      .insert(passkeys)
      .values({
        userId: user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        counter: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt: new Date(now),
      })
      .returning(PUBLIC);
    await recordAudit(db, { id: user.id, username: user.username, ip }, 'passkey_added', { name });
    return { success: true as const, passkey: toPasskey(row) };
  } catch (err) {
    if (databaseError(err)?.code === '23505')
      throw new HttpError(409, 'This passkey is already registered', { code: 'conflict' });
    throw err;
  }
}

export async function renamePasskey(db: Db, actor: Actor & { id: number }, id: number, name: string) {
  return db.transaction(async (tx) => {
    const [before] = await tx.orm
      .select({ name: passkeys.name })
      .from(passkeys)
      .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
      .for('update');
    if (!before) throw passkeyNotFound();
    const [row] = await tx.orm.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning(PUBLIC);
    await recordAudit(tx, actor, 'passkey_renamed', { from: before.name, to: name });
    return { success: true as const, passkey: toPasskey(row) };
  });
}

export async function removePasskey(db: Tx, actor: Actor & { id: number }, id: number) {
  const [gone] = await db.orm
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, actor.id)))
    .returning({ name: passkeys.name });
  if (!gone) throw passkeyNotFound();
  await recordAudit(db, actor, 'passkey_removed', { name: gone.name });
  return { success: true as const };
}
