import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
  /** The sessions row this token belongs to (caller/sessions.ts). */
  sessionId: string;
}

/**
 * Signed sign-in tokens (HS256). The user's token_version in the claims lets a change revoke them
 * all; the session id lets one sign-in be ended on its own (Logout, the automatic logoff).
 */
export function createTokens(secret: string, ttlSeconds: number) {
  const raw = new TextEncoder().encode(secret);
  // Imported once: given the raw bytes, jose would import the key again on every call.
  let imported: Promise<CryptoKey> | undefined;
  const key = () =>
    (imported ??= crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]));
  return {
    ttlSeconds,
    async sign({ userId, version, sessionId }: TokenClaims): Promise<string> {
      return new SignJWT({ ver: version, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(userId))
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(await key());
    },
    async verify(token: string): Promise<TokenClaims | null> {
      try {
        const { payload } = await jwtVerify(token, await key(), { algorithms: ['HS256'] });
        const userId = Number(payload.sub);
        const { ver: version, sid: sessionId } = payload;
        // A token from before sessions names none: it is refused, and its user signs in again.
        if (!Number.isInteger(userId) || typeof version !== 'number' || typeof sessionId !== 'string')
          return null;
        return { userId, version, sessionId };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
