import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../limits';
import { ROLES } from '../roles';
import { adminsOnly, endpoint, signedIn } from './endpoint';
import { messageResponse, ok } from './shared';

const passwordTooShort = `Password must be at least ${MIN_PASSWORD_LENGTH} characters long`;

export const user = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: z.enum(ROLES),
  provider_name: z.string().nullable(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof user>;

const loginRequired = 'Username and password are required';
export const loginBody = z.object({
  username: z.string({ error: loginRequired }).trim().min(1, loginRequired),
  password: z.string({ error: loginRequired }).min(1, loginRequired),
});
export const loginResponse = ok.extend({ token: z.string(), user });
export type LoginResponse = z.infer<typeof loginResponse>;

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

export const resetBody = z.object({
  token: z.string().min(1, 'Invalid reset link. Please request a new password reset.'),
  password: z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort),
});

const optionalText = z
  .string()
  .trim()
  .max(200)
  .nullish()
  .transform((v) => (v ? v : null));

export const registerBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100),
  password: z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort),
  email: optionalText.pipe(z.string().email('Please enter a valid email address').nullable()),
  role: z.enum(ROLES).default('provider'),
  provider_name: optionalText,
});
export type RegisterBody = z.input<typeof registerBody>;

export const updateUserBody = z.object({
  username: z.string().trim().min(1, 'Username is required').max(100).optional(),
  // Blank keeps the current password.
  password: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().min(MIN_PASSWORD_LENGTH, passwordTooShort).optional()),
  email: optionalText.pipe(z.string().email('Please enter a valid email address').nullable()).optional(),
  role: z.enum(ROLES).optional(),
  provider_name: optionalText.optional(),
  is_active: z.boolean().optional(),
});
export type UpdateUserBody = z.input<typeof updateUserBody>;

export const userIdParams = z.object({ id: z.coerce.number<number>().int().positive() });

export const userResponse = ok.extend({ user });
export const usersResponse = ok.extend({ users: z.array(user) });

export const auditEvent = z.object({
  id: z.number(),
  at: z.string(),
  user_id: z.number().nullable(),
  username: z.string().nullable(),
  action: z.string(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export const auditQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const auditResponse = ok.extend({
  events: z.array(auditEvent),
  total: z.number(),
  page: z.number(),
  limit: z.number(),
});

export const authApi = {
  login: endpoint({
    method: 'POST',
    path: '/api/auth/login',
    access: 'public',
    tag: 'auth',
    body: loginBody,
    response: loginResponse,
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

export const auditApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit',
    access: adminsOnly('Only admins can read the audit log'),
    tag: 'audit',
    query: auditQuery,
    response: auditResponse,
  }),
};
