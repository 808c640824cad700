import { hashPassword, verifyPassword } from './password';

describe('password hashing', () => {
  it('accepts the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('secret1');
    expect(hash).not.toContain('secret1');
    expect(await verifyPassword('secret1', hash)).toBe(true);
    expect(await verifyPassword('secret2', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-pass')).not.toBe(await hashPassword('same-pass'));
  });

  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});
