/** What an ID token's claims say about the person's e-mail address, as single sign-on needs it. */
export type EmailClaim =
  | { ok: true; email: string }
  | { ok: false; reason: 'sso_no_email' }
  | { ok: false; reason: 'sso_email_unverified'; email: string };

/**
 * The verified e-mail address of the ID token (docs/behaviour.md section 20). `email_verified`
 * false, or anything but true when sent (a string "true" is not taken), refuses it; an issuer that
 * does not send the claim at all (some Microsoft Entra setups) is taken at its word.
 */
export function emailOfClaims(claims: Record<string, unknown>): EmailClaim {
  const email = typeof claims.email === 'string' ? claims.email.trim() : '';
  if (!email) return { ok: false, reason: 'sso_no_email' };
  if ('email_verified' in claims && claims.email_verified !== true)
    return { ok: false, reason: 'sso_email_unverified', email };
  return { ok: true, email };
}
