import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  loginBody,
  loginResponse,
  resetBody,
  resetRequestBody,
  resetRequestResponse,
  verifyResponse,
} from '../../common/api/auth';
import { messageResponse } from '../../common/api/shared';
import { publicRoute, signedIn } from '../auth/access';
import type { AppDeps } from '../http/deps';
import { toPublicUser } from '../users/model';
import { currentUser } from './guard';
import { login, requestPasswordReset, resetPassword } from './service';

export function authRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db, tokens, env, mailer } = deps;
  const tags = ['auth'];

  r.post(
    '/api/auth/login',
    {
      config: publicRoute,
      schema: { tags, body: loginBody, response: { 200: loginResponse } },
    },
    (req) => login(db, tokens, req.body.username, req.body.password, req.ip),
  );

  r.get(
    '/api/auth/verify-token',
    { config: signedIn, schema: { tags, response: { 200: verifyResponse } } },
    (req) => ({
      success: true as const,
      user: toPublicUser(currentUser(req)),
    }),
  );

  r.post(
    '/api/auth/request-password-reset',
    {
      config: publicRoute,
      schema: { tags, body: resetRequestBody, response: { 200: resetRequestResponse } },
    },
    (req) => requestPasswordReset(db, env, mailer, req.log, req.body.email, req.ip),
  );

  r.post(
    '/api/auth/reset-password',
    { config: publicRoute, schema: { tags, body: resetBody, response: { 200: messageResponse } } },
    (req) => resetPassword(db, req.body.token, req.body.password, req.ip),
  );
}
