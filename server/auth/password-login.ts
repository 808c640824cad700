import { recordAudit } from '../audit/service';
import type { Db } from '../db/client';
import { HttpError } from '../http/errors';
import type { Env } from '../platform/env';

/** The first admin, made at the first start (users/service.ts `ensureFirstAdmin`). */
const FIRST_ADMIN = 'admin';

export const passwordLoginOffMessage = (name: string) =>
  `Signing in with a password is turned off: use 'Sign in with ${name}'`;

/**
 * With PASSWORD_LOGIN=off (docs/behaviour.md section 20) only the first admin may sign in with a
 * password, as a way back in should the identity provider fail. Refused before the password is
 * looked at, so the answer tells nothing about the account or the password.
 */
export async function refuseOffPasswordLogin(
  db: Db,
  env: Pick<Env, 'passwordLogin' | 'oidc'>,
  username: string,
  ip: string,
): Promise<void> {
  if (env.passwordLogin || username.trim().toLowerCase() === FIRST_ADMIN) return;
  await recordAudit(db, { id: null, username: username.trim(), ip }, 'login_refused_password_off');
  throw new HttpError(403, passwordLoginOffMessage(env.oidc?.name ?? 'your organization'), {
    code: 'password_login_off',
  });
}
