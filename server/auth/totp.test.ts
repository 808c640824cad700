import { newTotpSecret, otpauthUrl, totpCode, totpStep } from './totp';

describe('TOTP', () => {
  const secret = newTotpSecret();
  const at = 1_750_000_000_000;
  const step = Math.floor(at / 30_000);

  it('makes a 160-bit base32 secret and the otpauth address the rules give', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl('dr smith', 'JBSWY3DPEHPK3PXP')).toBe(
      'otpauth://totp/Full%20Arch%20Tracker:dr%20smith?issuer=Full%20Arch%20Tracker&secret=JBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30',
    );
  });

  it('takes the codes of the step before, this one and the one after, naming their step', () => {
    expect(totpStep(secret, totpCode(secret, at - 30_000), at)).toBe(step - 1);
    expect(totpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(totpStep(secret, totpCode(secret, at + 30_000), at)).toBe(step + 1);
  });

  it('refuses codes two steps away, and anything not six digits', () => {
    expect(totpStep(secret, totpCode(secret, at - 60_000), at)).toBeNull();
    expect(totpStep(secret, totpCode(secret, at + 60_000), at)).toBeNull();
    expect(totpStep(secret, 'abcdef', at)).toBeNull();
    expect(totpStep(secret, `${totpCode(secret, at)}0`, at)).toBeNull();
  });

  it('matches the RFC 6238 test vector (SHA-1, 59 s)', () => {
    // RFC 6238 appendix B: secret "12345678901234567890", T = 59 s: 94287082 (8 digits); 6: 287082.
    expect(totpCode('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ', 59_000)).toBe('287082');
  });
});
