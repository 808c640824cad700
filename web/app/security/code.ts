/** What the second factor's boxes and texts do with what is typed or shown (docs/behaviour.md section 20). */

export const TOTP_DIGITS = 6;

/**
 * The authenticator code as it is typed or pasted: digits only, at most six ("123 456" and
 * "123-456", as apps show them, become "123456").
 */
export const totpInput = (raw: string): string => raw.replace(/\D/g, '').slice(0, TOTP_DIGITS);

export const isTotpComplete = (code: string): boolean => new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code);

/** A recovery code as typed: spaces dropped (the server ignores them too), letters kept as they are. */
export const recoveryInput = (raw: string): string => raw.replace(/\s+/g, '');

/** The secret in groups of four, easier to read out and type: "JBSW Y3DP EHPK 3PXP". */
export const groupSecret = (secret: string): string => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** The text file of the recovery codes: what they are for, then one per line. */
export function recoveryCodesText(codes: readonly string[], username: string, madeOn: string): string {
  return [
    `Full Arch Tracker recovery codes for ${username} (${madeOn})`,
    'Each code signs in once in place of the authenticator app. Keep them somewhere safe.',
    '',
    ...codes,
    '',
  ].join('\n');
}

export const recoveryCodesFileName = (username: string): string =>
  `full-arch-tracker-recovery-codes-${username.replace(/[^A-Za-z0-9._-]+/g, '-')}.txt`;
