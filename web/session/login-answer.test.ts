import { describe, expect, it } from 'vitest';
import type { User } from '../../common/api/auth';
import { stepOf } from './login-answer';

const user: User = {
  id: 7,
  username: 'maria',
  email: null,
  role: 'manager',
  provider_name: null,
  is_active: true,
  has_mfa: true,
  last_login: null,
  created_at: '2025-01-01T00:00:00.000Z',
};

describe('stepOf', () => {
  it('enters with the session when the answer carries a token', () => {
    const answer = { success: true as const, token: 'jwt', user };
    expect(stepOf(answer)).toEqual({ kind: 'session', session: answer });
  });

  it('asks for the second factor with the methods the server offers', () => {
    expect(
      stepOf({
        success: true,
        mfa_required: true,
        mfa_token: 'm1',
        methods: ['totp', 'recovery', 'passkey'],
      }),
    ).toEqual({ kind: 'second-factor', mfaToken: 'm1', methods: ['totp', 'recovery', 'passkey'] });
  });

  it('sends to the forced setup with its setup token', () => {
    expect(stepOf({ success: true, mfa_setup_required: true, setup_token: 's1' })).toEqual({
      kind: 'setup',
      setupToken: 's1',
    });
  });
});
