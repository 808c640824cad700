import { hashRecoveryCode, newRecoveryCodes, normalizeRecoveryCode } from './recovery-codes';

describe('recovery codes', () => {
  it('are ten different codes written xxxx-xxxx-xxxx', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
  });

  it('are read as typed, in either case, with or without dashes, and hashed alike', () => {
    const [code] = newRecoveryCodes();
    const bare = normalizeRecoveryCode(code);
    expect(bare).toBe(code.replace(/-/g, ''));
    expect(normalizeRecoveryCode(code.toUpperCase().replace(/-/g, ' '))).toBe(bare);
    expect(hashRecoveryCode(bare as string)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses what cannot be one: a TOTP code, a short or foreign text', () => {
    expect(normalizeRecoveryCode('123456')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jk0m')).toBeNull();
    expect(normalizeRecoveryCode('abcd-efgh-jkm')).toBeNull();
  });
});
