/**
 * One-time tokens handed to a browser (a password reset link, a two-step sign-in, a single sign-on
 * state and ticket): 32 random bytes, of which only a SHA-256 hash is stored, so a copy of the
 * database holds nothing that can be used.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A new random token, URL-safe. */
export const newOneTimeToken = (): string => randomBytes(32).toString('base64url');

/** What is stored of a token and looked up by: its SHA-256, hex. */
export const tokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');
