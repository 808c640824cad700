/**
 * Secrets kept in the database encrypted at rest (AES-256-GCM) under a key that is never in the
 * database: SYNC_KEY, or a key file in the data folder made on first use (docs/security.md). The
 * saved Open Dental password and the authenticator apps' TOTP secrets are sealed here; a copy of
 * the database alone therefore holds no secret it can give back.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readKeyFile, readOrMakeKeyFile } from './key-file';

const VERSION = 'v1';

/**
 * What a sealed value is for, bound into it (the cipher's additional data): a value sealed for one
 * purpose cannot be passed off as another's, a TOTP secret as the Open Dental password or back.
 */
export type SecretPurpose = 'opendental-password' | 'totp-secret';

export interface SecretBox {
  /** The sealed text to store; makes the key file first when there is none. */
  seal(plain: string): Promise<string>;
  /** The plain text, or null when this key cannot open it (lost or changed key, damaged value). */
  open(sealed: string): Promise<string | null>;
}

/** Where the key file lives when SYNC_KEY is not set. */
export const keyFilePath = (dataDir: string) => join(dataDir, 'sync.key');

/** A short fingerprint of the key, stored with each value, so a changed key is told from damage. */
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 16);

export function sealWith(key: Buffer, plain: string, purpose: SecretPurpose = 'opendental-password'): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(purpose));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
  return [VERSION, keyId(key), ...parts].join('.');
}

export function openWith(
  key: Buffer,
  sealed: string,
  purpose: SecretPurpose = 'opendental-password',
): string | null {
  const [version, id, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || id !== keyId(key) || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

/**
 * The box for this server: SYNC_KEY when given, else `DATA_DIR/sync.key` (0600). The file is read
 * at each use, so a key restored from a backup works without a restart.
 */
export function createSecretBox(
  dataDir: string,
  envKey: Buffer | undefined,
  purpose: SecretPurpose = 'opendental-password',
): SecretBox {
  const path = keyFilePath(dataDir);
  const keyToSeal = async (): Promise<Buffer> => envKey ?? readOrMakeKeyFile(path);
  return {
    async seal(plain) {
      return sealWith(await keyToSeal(), plain, purpose);
    },
    async open(sealed) {
      const key = envKey ?? (await readKeyFile(path));
      return key ? openWith(key, sealed, purpose) : null;
    },
  };
}
