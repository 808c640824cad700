/**
 * The authenticator app's codes (RFC 6238 as docs/behaviour.md section 20 fixes it: SHA-1, 6
 * digits, 30-second steps, one step of drift either way), computed by otpauth.
 */
import { Secret, TOTP } from 'otpauth';

export const ISSUER = 'Full Arch Tracker';
const PERIOD = 30;
const DIGITS = 6;
const ALGORITHM = 'SHA1';

const totpFor = (username: string, base32: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** A new random secret (160 bits, as RFC 4226 recommends), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** `otpauth://totp/Full%20Arch%20Tracker:{username}?secret=...&issuer=Full%20Arch%20Tracker`. */
export const otpauthUrl = (username: string, base32: string): string => totpFor(username, base32).toString();

/** The code for a moment (ms since 1970): what an authenticator app shows then. */
export const totpCode = (base32: string, at: number): string =>
  TOTP.generate({
    secret: Secret.fromBase32(base32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: at,
  });

/**
 * The 30-second step a code belongs to, when it is the code of the step at `at` or of the one just
 * before or after; else null. The caller keeps the step, so the same code is not taken twice.
 */
export function totpStep(base32: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(base32),
    algorithm: ALGORITHM,
    digits: DIGITS,
    period: PERIOD,
    timestamp: at,
    window: 1,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD, timestamp: at }) + delta;
}
