/**
 * What the sign-in answers (common/api/auth.ts loginAnswer), as the next thing the screen does
 * (docs/behaviour.md section 20): enter with a session, ask for the second factor, or set one up.
 */
import type { LoginAnswer, LoginResponse, MfaMethod } from '../../common/api/auth';

/** The sign-in is not over: the screen after the password. */
export type PendingStep =
  | { kind: 'second-factor'; mfaToken: string; methods: readonly MfaMethod[] }
  | { kind: 'setup'; setupToken: string };

export type SignInStep = { kind: 'session'; session: LoginResponse } | PendingStep;

export function stepOf(answer: LoginAnswer): SignInStep {
  if ('mfa_required' in answer)
    return { kind: 'second-factor', mfaToken: answer.mfa_token, methods: answer.methods };
  if ('mfa_setup_required' in answer) return { kind: 'setup', setupToken: answer.setup_token };
  return { kind: 'session', session: answer };
}
