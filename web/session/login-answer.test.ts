import { describe, expect, it } from 'vitest';
import { testUser } from '../test-utils';
import { stepOf } from './login-answer';

const user = testUser('manager', { id: 7, username: 'maria', has_mfa: true });

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
