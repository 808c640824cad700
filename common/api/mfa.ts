/**
 * The second factor, two-step sign-in, the required setting and the user's sessions
 * (docs/behaviour.md section 20): an authenticator app (TOTP) with its recovery codes, passkeys
 * (WebAuthn), and the sign-in that asks for one after the password.
 */
import { z } from 'zod';
import { loginResponse, MFA_TOKEN_EXPIRED, userIdParams } from './auth';
import { adminsOnly, endpoint, signedIn } from './endpoint';
import { ok } from './shared';

export const WRONG_CODE = 'Wrong code';
export const CODE_REQUIRED = 'Enter the 6-digit code from your authenticator app, or a recovery code';
export const MFA_SETUP_ONLY =
  'Set up a second factor first: this sign-in can only be used to set up an authenticator app';
export const PASSKEY_NAME_REQUIRED = 'Name the passkey';
export const MAX_PASSKEY_NAME_LENGTH = 60;

/** Who the admins' setting requires a second factor of. */
export const MFA_REQUIRED_FOR = ['none', 'admins', 'managers_and_admins', 'everyone'] as const;
export type MfaRequiredFor = (typeof MFA_REQUIRED_FOR)[number];

/** A TOTP code (6 digits) or a recovery code (`xxxx-xxxx-xxxx`), as typed: spaces are ignored. */
const code = z
  .string({ error: CODE_REQUIRED })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().min(1, CODE_REQUIRED).max(40, CODE_REQUIRED));

/** The one-time token of a two-step sign-in (login answer's mfa_token). */
const mfaToken = z.string({ error: MFA_TOKEN_EXPIRED }).min(1, MFA_TOKEN_EXPIRED).max(200, MFA_TOKEN_EXPIRED);

export const loginMfaBody = z.object({ mfa_token: mfaToken, code });

export const loginPasskeyOptionsBody = z.object({ mfa_token: mfaToken });

/**
 * WebAuthn options as @simplewebauthn/server makes them (PublicKeyCredentialRequestOptionsJSON,
 * PublicKeyCredentialCreationOptionsJSON); handed as they are to @simplewebauthn/browser.
 */
export const webauthnOptions = z.looseObject({ challenge: z.string() });

/** A browser's WebAuthn answer (RegistrationResponseJSON / AuthenticationResponseJSON) as sent. */
export const webauthnResponse = z.looseObject(
  {
    id: z.string().min(1),
    rawId: z.string().min(1),
    type: z.literal('public-key'),
    response: z.looseObject({ clientDataJSON: z.string().min(1) }),
  },
  { error: 'A passkey response is required' },
);

export const passkeyOptionsResponse = ok.extend({ options: webauthnOptions });

export const loginPasskeyBody = z.object({ mfa_token: mfaToken, response: webauthnResponse });

// ---- The caller's own second factor --------------------------------------------------------

export const passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkey>;

export const mfaStatusResponse = ok.extend({
  /** The authenticator app is on. */
  totp: z.boolean(),
  passkeys: z.array(passkey),
  /** Unused recovery codes; 0 when the authenticator app is off. */
  recovery_codes_left: z.number().int(),
});
export type MfaStatusResponse = z.infer<typeof mfaStatusResponse>;

export const totpSetupResponse = ok.extend({
  /** Base32; shown as text beside the QR code, never again after setup. */
  secret: z.string(),
  /** otpauth://totp/Full%20Arch%20Tracker:{username}?secret=...&issuer=Full%20Arch%20Tracker */
  otpauth_url: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

export const totpConfirmBody = z.object({ code });

/**
 * Ten single-use recovery codes, shown once. Confirming with the setup token of a forced setup
 * also answers the session (token and user) the sign-in now opens.
 */
export const totpConfirmResponse = ok.extend({
  recovery_codes: z.array(z.string()),
  token: z.string().optional(),
  user: loginResponse.shape.user.optional(),
});
export type TotpConfirmResponse = z.infer<typeof totpConfirmResponse>;

const PASSWORD_REQUIRED = 'Password is required';
/** Turning the authenticator app off: the password and a code (TOTP or recovery) prove it is them. */
export const mfaOffBody = z.object({
  password: z.string({ error: PASSWORD_REQUIRED }).min(1, PASSWORD_REQUIRED),
  code,
});

const passkeyName = z
  .string({ error: PASSKEY_NAME_REQUIRED })
  .trim()
  .min(1, PASSKEY_NAME_REQUIRED)
  .max(MAX_PASSKEY_NAME_LENGTH, `A passkey name is at most ${MAX_PASSKEY_NAME_LENGTH} characters`);

export const passkeyRegisterBody = z.object({ name: passkeyName, response: webauthnResponse });
export const passkeyResponse = ok.extend({ passkey });
export const passkeyRenameBody = z.object({ name: passkeyName });
export const passkeyIdParams = z.object({ id: z.coerce.number<number>().int().positive() });

// ---- Sessions ------------------------------------------------------------------------------

export const session = z.object({
  id: z.string(),
  created_at: z.string(),
  last_used_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  /** The session of the call that asked. */
  current: z.boolean(),
});
export type Session = z.infer<typeof session>;
export const sessionsResponse = ok.extend({ sessions: z.array(session) });
export const sessionIdParams = z.object({ id: z.string().min(1).max(100) });

// ---- The admins' setting -------------------------------------------------------------------

export const securityResponse = ok.extend({ mfa_required_for: z.enum(MFA_REQUIRED_FOR) });
export type SecurityResponse = z.infer<typeof securityResponse>;
export const securityBody = z.object({
  mfa_required_for: z.enum(MFA_REQUIRED_FOR, {
    error: `mfa_required_for must be one of ${MFA_REQUIRED_FOR.join(', ')}`,
  }),
});

const tag = 'second factor';

export const mfaApi = {
  status: endpoint({
    method: 'GET',
    path: '/api/auth/mfa',
    access: signedIn,
    tag,
    response: mfaStatusResponse,
  }),
  /** Also callable with the setup token of a forced setup. */
  totpSetup: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/totp/setup',
    access: signedIn,
    setupToken: true,
    tag,
    response: totpSetupResponse,
  }),
  /** Also callable with the setup token of a forced setup; then answers the session too. */
  totpConfirm: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/totp/confirm',
    access: signedIn,
    setupToken: true,
    tag,
    body: totpConfirmBody,
    response: totpConfirmResponse,
  }),
  /** Turns the caller's authenticator app and its recovery codes off (passkeys stay). */
  turnOff: endpoint({
    method: 'DELETE',
    path: '/api/auth/mfa',
    access: signedIn,
    tag,
    body: mfaOffBody,
    response: ok,
  }),
  /** An admin turns another user's second factor off (app, recovery codes, passkeys) and ends their sessions. */
  turnOffFor: endpoint({
    method: 'DELETE',
    path: '/api/auth/users/:id/mfa',
    access: adminsOnly('Only admins can manage users'),
    tag,
    params: userIdParams,
    response: ok,
  }),
  passkeyOptions: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/passkey/options',
    access: signedIn,
    tag,
    response: passkeyOptionsResponse,
  }),
  passkeyRegister: endpoint({
    method: 'POST',
    path: '/api/auth/mfa/passkey/register',
    access: signedIn,
    tag,
    body: passkeyRegisterBody,
    response: passkeyResponse,
    status: 201,
  }),
  passkeyRename: endpoint({
    method: 'PUT',
    path: '/api/auth/mfa/passkeys/:id',
    access: signedIn,
    tag,
    params: passkeyIdParams,
    body: passkeyRenameBody,
    response: passkeyResponse,
  }),
  passkeyRemove: endpoint({
    method: 'DELETE',
    path: '/api/auth/mfa/passkeys/:id',
    access: signedIn,
    tag,
    params: passkeyIdParams,
    response: ok,
  }),
  /** The second step of a sign-in: a TOTP code or a recovery code. */
  loginMfa: endpoint({
    method: 'POST',
    path: '/api/auth/login/mfa',
    access: 'public',
    tag: 'auth',
    body: loginMfaBody,
    response: loginResponse,
  }),
  loginPasskeyOptions: endpoint({
    method: 'POST',
    path: '/api/auth/login/passkey/options',
    access: 'public',
    tag: 'auth',
    body: loginPasskeyOptionsBody,
    response: passkeyOptionsResponse,
  }),
  loginPasskey: endpoint({
    method: 'POST',
    path: '/api/auth/login/passkey',
    access: 'public',
    tag: 'auth',
    body: loginPasskeyBody,
    response: loginResponse,
  }),
  sessions: endpoint({
    method: 'GET',
    path: '/api/auth/sessions',
    access: signedIn,
    tag: 'auth',
    response: sessionsResponse,
  }),
  endSession: endpoint({
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    access: signedIn,
    tag: 'auth',
    params: sessionIdParams,
    response: ok,
  }),
  security: endpoint({
    method: 'GET',
    path: '/api/config/security',
    access: adminsOnly('Only admins can read the security settings'),
    tag: 'configuration',
    response: securityResponse,
  }),
  setSecurity: endpoint({
    method: 'PUT',
    path: '/api/config/security',
    access: adminsOnly('Only admins can change the security settings'),
    tag: 'configuration',
    body: securityBody,
    response: securityResponse,
  }),
};
