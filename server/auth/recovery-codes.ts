/**
 * Recovery codes (docs/behaviour.md section 20): ten random single-use codes, shown once, stored
 * only as a hash. Each is 12 letters and digits from a 32-character alphabet (60 random bits),
 * written `xxxx-xxxx-xxxx`; a fast hash suffices for that much randomness, as for reset tokens.
 */
import { createHash, randomInt } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
// No 0/o, 1/l/i: a code copied by hand is not misread.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const LENGTH = 12;

export function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** The code as typed, in any case, with or without its dashes or spaces; null when it is not one. */
export function normalizeRecoveryCode(typed: string): string | null {
  const bare = typed.toLowerCase().replace(/[\s-]/g, '');
  return bare.length === LENGTH && [...bare].every((c) => ALPHABET.includes(c)) ? bare : null;
}

/** The stored hash of a code, given as generated or as typed. */
export const hashRecoveryCode = (normalized: string): string =>
  createHash('sha256').update(`recovery:${normalized}`).digest('hex');
