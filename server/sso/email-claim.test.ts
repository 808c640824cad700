import { emailOfClaims } from './email-claim';

describe('the e-mail address of an ID token', () => {
  it('is taken when verified, or when the issuer does not say', () => {
    expect(emailOfClaims({ email: 'Dana@Example.com', email_verified: true })).toEqual({
      ok: true,
      email: 'Dana@Example.com',
    });
    expect(emailOfClaims({ email: ' dana@example.com ' })).toEqual({ ok: true, email: 'dana@example.com' });
  });

  it('is refused when the issuer says it is not verified, in any form but true', () => {
    for (const verified of [false, 'true', 1, null])
      expect(emailOfClaims({ email: 'x@example.com', email_verified: verified }), String(verified)).toEqual({
        ok: false,
        reason: 'sso_email_unverified',
        email: 'x@example.com',
      });
  });

  it('is missing when none, or no text, is sent', () => {
    for (const email of [undefined, '', '  ', 42])
      expect(emailOfClaims({ email, email_verified: true })).toEqual({ ok: false, reason: 'sso_no_email' });
  });
});
