import { errors, jwtVerify, SignJWT } from 'jose';

export interface TokenClaims {
  userId: number;
  version: number;
}

/** Signed sign-in tokens (HS256). The user's token_version in the claims lets a change revoke them. */
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
    async sign(userId: number, version: number): Promise<string> {
      return new SignJWT({ ver: version })
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
        const version = payload.ver;
        if (!Number.isInteger(userId) || typeof version !== 'number') return null;
        return { userId, version };
      } catch (err) {
        if (err instanceof errors.JOSEError) return null;
        throw err;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
