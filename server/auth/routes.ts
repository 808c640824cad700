import type { FastifyInstance } from 'fastify';
import { authApi } from '../../common/api/auth';
import { currentSession, currentUser } from '../caller/guard';
import { toPublicUser } from '../caller/user-row';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { placeOf, signInDeps } from './deps';
import { mfaRoutes } from './mfa-routes';
import { changePassword, login, logout, requestPasswordReset, resetPassword } from './service';

export function authRoutes(app: FastifyInstance, { db, tokens, env, mailer, now }: AppDeps): void {
  const deps = signInDeps({ db, tokens, env, now });
  mfaRoutes(app, deps);
  route(app, authApi.login, (req) => login(deps, req.body.username, req.body.password, placeOf(req)));
  route(app, authApi.logout, (req) =>
    logout(db, currentUser(req), currentSession(req), req.ip, req.body?.reason),
  );
  route(app, authApi.verifyToken, (req) => ({
    success: true as const,
    user: toPublicUser(currentUser(req)),
  }));
  route(app, authApi.requestPasswordReset, (req) =>
    requestPasswordReset(db, env, mailer, req.log, req.body.email, req.ip),
  );
  route(app, authApi.resetPassword, (req) => resetPassword(db, req.body.token, req.body.password, req.ip));
  route(app, authApi.session, () => ({
    success: true as const,
    idle_timeout_minutes: env.idleTimeoutMinutes,
  }));
  route(app, authApi.changePassword, (req) =>
    changePassword(
      db,
      tokens,
      currentUser(req),
      currentSession(req),
      req.body.current_password,
      req.body.new_password,
      req.ip,
    ),
  );
}
