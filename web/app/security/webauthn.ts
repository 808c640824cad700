/**
 * The browser's side of passkeys (@simplewebauthn/browser), between the server's options and the
 * contract's answer shapes (common/api/mfa.ts), which the server's library checks in full.
 */
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import type { z } from 'zod';
import type { webauthnOptions, webauthnResponse } from '../../../common/api/mfa';

type Options = z.infer<typeof webauthnOptions>;
type Answer = z.input<typeof webauthnResponse>;

/** The contract declares only the outline of these JSON objects: both sides pass them on whole. */
const asAnswer = (response: object): Answer => response as Answer;

export async function passkeyAssertion(options: Options): Promise<Answer> {
  return asAnswer(
    await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }),
  );
}

export async function passkeyRegistration(options: Options): Promise<Answer> {
  return asAnswer(
    await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }),
  );
}

/** What the browser's refusal means, in words (the user cancelled, or no passkey fits). */
export function passkeyFailure(err: unknown, doing: 'sign-in' | 'add'): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'InvalidStateError' && doing === 'add')
    return 'This device already holds a passkey for your account.';
  if (name === 'NotAllowedError' || name === 'AbortError')
    return doing === 'add'
      ? 'The passkey was not created: the request was cancelled or timed out.'
      : 'The passkey was not used: the request was cancelled or timed out. Try again, or enter a code.';
  if (name === 'SecurityError')
    return 'Passkeys work only at the address this server is set up with (APP_URL).';
  return doing === 'add'
    ? 'The passkey could not be created on this device.'
    : 'The passkey could not be used.';
}
