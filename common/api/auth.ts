import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { ROLES } from '../roles';
import { adminsOnly, endpoint, signedIn } from './endpoint';
import { messageResponse, ok } from './shared';

export const PASSWORD_TOO_SHORT = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  provider_name: z.string().nullable(),
  is_active: z.boolean(),
  /** An authenticator app or a passkey is on (docs/behaviour.md section 20). */
  has_mfa: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

const loginRequired = 'Username and password are required';
const MAX_USERNAME_LENGTH = 100;
export const loginBody = z.object({
  // No account has a longer name (registerBody), so a longer one is refused before any lookup.
  username: z
    .string({ error: loginRequired })
    .trim()
    .min(1, loginRequired)
    .max(MAX_USERNAME_LENGTH, `Username is at most ${MAX_USERNAME_LENGTH} characters`),
  password: z.string({ error: loginRequired }).min(1, loginRequired),
});
export const loginResponse = ok.extend({ token: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;

/** How a user may complete a two-step sign-in (docs/behaviour.md section 20). */
export const MFA_METHODS = ['totp', 'recovery', 'passkey'] as const;
export type MfaMethod = (typeof MFA_METHODS)[number];

export const MFA_TOKEN_EXPIRED = 'This sign-in has expired or was already completed. Please sign in again.';

/** The password was right and a second factor is on: complete with /login/mfa or /login/passkey. */
export const mfaRequiredResponse = ok.extend({
  mfa_required: z.literal(true),
  /** Good for 5 minutes and one completion; a wrong code leaves it usable. */
  mfa_token: z.string(),
  methods: z.array(z.enum(MFA_METHODS)),
});
export type MfaRequiredResponse = z.infer<typeof mfaRequiredResponse>;

/**
 * The password was right, the admins' setting covers this user and they have no second factor:
 * `setup_token` is a bearer token good only for the TOTP setup and confirm calls (15 minutes).
 */
export const mfaSetupRequiredResponse = ok.extend({
  mfa_setup_required: z.literal(true),
  setup_token: z.string(),
});
export type MfaSetupRequiredResponse = z.infer<typeof mfaSetupRequiredResponse>;

/** What POST /api/auth/login answers: a session, or the second step asked for, or a setup. */
export const loginAnswer = z.union([loginResponse, mfaRequiredResponse, mfaSetupRequiredResponse]);
export type LoginAnswer = z.infer<typeof loginAnswer>;

export const verifyResponse = ok.extend({ user });

export const resetRequestBody = z.object({
  email: z.string().trim().email('Please enter a valid email address'),
});
export const resetRequestResponse = ok.extend({
  message: z.string(),
  /** Only when the server runs with RESET_TOKEN_IN_RESPONSE (debug). */
  token: z.string().optional(),
});
export type ResetRequestResponse = z.infer<typeof resetRequestResponse>;

export const CURRENT_PASSWORD_REQUIRED = 'Current password is required';
export const WRONG_CURRENT_PASSWORD = 'Current password is incorrect';
export const SAME_PASSWORD = 'The new password must differ from the current one';

/** A signed-in user changing their own password: the current one proves it is them. */
export const changePasswordBody = z.object({
  current_password: z.string({ error: CURRENT_PASSWORD_REQUIRED }).min(1, CURRENT_PASSWORD_REQUIRED),
  new_password: z.string({ error: PASSWORD_TOO_SHORT }).min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
});
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
/** The old token stops working with the change, so the answer carries a new one for this session. */
export const changePasswordResponse = loginResponse.extend({ message: z.string() });

export const resetBody = z.object({
  token: z.string().min(1, 'Invalid reset link. Please request a new password reset.'),
  password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
});

const optionalText = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

export const registerBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(MAX_USERNAME_LENGTH),
  password: z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT),
  email: optionalText.pipe(z.string().email('Please enter a valid email address').nullable()),
  role: z.enum(ROLES).default('provider'),
  provider_name: optionalText,
});
export type RegisterBody = z.input<typeof registerBody>;

export const updateUserBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(MAX_USERNAME_LENGTH).optional(),
  // Blank keeps the current password.
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, PASSWORD_TOO_SHORT).optional()),
  email: optionalText.pipe(z.string().email('Please enter a valid email address').nullable()).optional(),
  role: z.enum(ROLES).optional(),
  provider_name: optionalText.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userIdParams = z.object({ id: z.coerce.number<number>().int().positive() });

export const userResponse = ok.extend({ user });
export const usersResponse = ok.extend({ users: z.array(user) });

/** What the web app needs to know about sessions: the automatic logoff (docs/behaviour.md section 14). */
export const sessionResponse = ok.extend({
  /** Minutes without a key press, click or scroll before signing out; 0: never. */
  idle_timeout_minutes: z.number().int().min(0),
});
export type SessionResponse = z.infer<typeof sessionResponse>;

/**
 * The server stores a session's last use at most this often, so most calls write nothing; while
 * someone is at work, the web app calls the server at least this often (docs/security.md). The
 * server's idle limit allows this much more than IDLE_TIMEOUT_MINUTES for the stored value's lag.
 */
export const SESSION_TOUCH_MS = 60_000;

/**
 * Why a session ended by the idle limit: said by the web app's automatic logoff and by the server
 * when a token comes back after the limit (docs/behaviour.md section 14.2).
 */
export const idleSignOutMessage = (minutes: number) =>
  `You were signed out after ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} without activity.`;

/**
 * Sent by the automatic logoff, so the audit log tells it from a user's own sign-out. Strict like
 * the other bodies: an unknown field is 400 naming it, and the session goes on.
 */
export const logoutBody = z
  .object({ reason: z.enum(['idle']).optional() })
  .strict()
  .nullish();

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    tag: 'auth',
    body: loginBody,
    response: loginAnswer,
  }),
  verifyToken: endpoint({
    method: 'GET',
    path: '/api/auth/verify-token',
    access: signedIn,
    tag: 'auth',
    response: verifyResponse,
  }),
  requestPasswordReset: endpoint({
    method: 'POST',
    path: '/api/auth/request-password-reset',
    access: 'public',
    tag: 'auth',
    body: resetRequestBody,
    response: resetRequestResponse,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    tag: 'auth',
    body: resetBody,
    response: messageResponse,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: signedIn,
    tag: 'auth',
    body: changePasswordBody,
    response: changePasswordResponse,
  }),
  session: endpoint({
    method: 'GET',
    path: '/api/auth/session',
    access: signedIn,
    tag: 'auth',
    response: sessionResponse,
  }),
  /** Ends the calling token's session on the server; a token already ended is 401, like any call. */
  logout: endpoint({
    method: 'POST',
    path: '/api/auth/logout',
    access: signedIn,
    tag: 'auth',
    body: logoutBody,
    response: ok,
  }),
};

const manageUsers = adminsOnly('Only admins can manage users');

export const usersApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/auth/users',
    access: manageUsers,
    tag: 'users',
    response: usersResponse,
  }),
  register: endpoint({
    method: 'POST',
    path: '/api/auth/register',
    access: manageUsers,
    tag: 'users',
    body: registerBody,
    response: userResponse,
    status: 201,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/auth/users/:id',
    access: manageUsers,
    tag: 'users',
    params: userIdParams,
    body: updateUserBody,
    response: userResponse,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/auth/users/:id',
    access: manageUsers,
    tag: 'users',
    params: userIdParams,
    response: ok,
  }),
};
