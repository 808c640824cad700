import type { FastifyInstance } from 'fastify';
import { authApi } from '../../common/api/auth';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import { toPublicUser } from '../users/model';
import { currentUser } from './guard';
import { changePassword, login, requestPasswordReset, resetPassword } from './service';

export function authRoutes(app: FastifyInstance, { db, tokens, env, mailer }: AppDeps): void {
  route(app, authApi.login, (req) => login(db, tokens, req.body.username, req.body.password, req.ip));
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
    changePassword(db, tokens, currentUser(req), req.body.current_password, req.body.new_password, req.ip),
  );
}
