/**
 * Single sign-on with OpenID Connect (docs/behaviour.md section 20). The browser is sent to the
 * identity provider (`start`) and back (`callback`); the callback cannot hand the web app its
 * session token in the address, so it leaves the outcome under a one-time ticket and sends the
 * browser to `/login?sso=<ticket>`, where the web app takes it with `complete`.
 */
import { z } from 'zod';
import { loginAnswer } from './auth';
import { endpoint } from './endpoint';
import { ok } from './shared';

/** Where the callback sends the browser: the web app's sign-in screen, with this query parameter. */
export const SSO_TICKET_PARAM = 'sso';
export const SSO_LANDING_PATH = '/login';

export const ssoStatusResponse = ok.extend({
  /** Whether the sign-in screen offers the button. */
  enabled: z.boolean(),
  /** Said on the button: 'Sign in with {name}' (OIDC_NAME); null when not enabled. */
  name: z.string().nullable(),
  /** false: passwords are off (PASSWORD_LOGIN=off) but for the first admin. */
  password_login: z.boolean(),
});
export type SsoStatusResponse = z.infer<typeof ssoStatusResponse>;

export const signInWithLabel = (name: string) => `Sign in with ${name}`;

/** Every field is read by the callback itself, so that a missing one is a refusal in words, not a 400. */
const callbackQuery = z.object({
  code: z.string().optional(),
  state: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  iss: z.string().optional(),
});

const TICKET_REQUIRED = 'The sign-on ticket is required';
export const completeBody = z.object({
  ticket: z.string({ error: TICKET_REQUIRED }).min(1, TICKET_REQUIRED).max(200),
});

export const ssoApi = {
  status: endpoint({
    method: 'GET',
    path: '/api/auth/oidc',
    access: 'public',
    tag: 'auth',
    response: ssoStatusResponse,
  }),
  /** 302 to the identity provider, with PKCE (S256), state and nonce kept on the server. */
  start: endpoint({
    method: 'GET',
    path: '/api/auth/oidc/start',
    access: 'public',
    tag: 'auth',
    response: 'redirect',
    notes: 'Answers 302 to the identity provider.',
  }),
  /** The redirect address registered with the identity provider: APP_URL/api/auth/oidc/callback. */
  callback: endpoint({
    method: 'GET',
    path: '/api/auth/oidc/callback',
    access: 'public',
    tag: 'auth',
    query: callbackQuery,
    response: 'redirect',
    notes: 'Answers 302 to APP_URL/login?sso=<one-time ticket>, whether the sign-in succeeded or not.',
  }),
  /** Takes the ticket once: the sign-in's answer, or its refusal as 401/403/502 with the words. */
  complete: endpoint({
    method: 'POST',
    path: '/api/auth/oidc/complete',
    access: 'public',
    tag: 'auth',
    body: completeBody,
    response: loginAnswer,
  }),
};
