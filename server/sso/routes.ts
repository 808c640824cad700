import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ssoApi } from '../../common/api/sso';
import { sessionLimits } from '../caller/sessions';
import type { AppDeps } from '../http/deps';
import { HttpError } from '../http/errors';
import { route } from '../http/route';
import { createIssuer } from './issuer';
import { callback, complete, type SsoDeps, start } from './service';

const NOT_CONFIGURED = 'Single sign-on is not set up on this server';

/** The query string exactly as the browser sent it, `?...`, for the code exchange to read. */
const searchOf = (req: FastifyRequest) => {
  const at = req.url.indexOf('?');
  return at === -1 ? '' : req.url.slice(at);
};

export function ssoRoutes(app: FastifyInstance, { db, tokens, env, now = Date.now }: AppDeps): void {
  const settings = env.oidc;
  const deps: SsoDeps | null = settings && {
    db,
    tokens,
    limits: sessionLimits(env, now),
    settings,
    issuer: createIssuer(settings, app.log),
    appUrl: env.appUrl,
    log: app.log,
  };
  const configured = () => {
    if (!deps) throw new HttpError(404, NOT_CONFIGURED, { code: 'sso_not_configured' });
    return deps;
  };

  route(app, ssoApi.status, () => ({
    success: true as const,
    enabled: settings !== null,
    name: settings?.name ?? null,
    password_login: env.passwordLogin,
  }));
  route(app, ssoApi.start, async (req, reply) => reply.redirect(await start(configured(), req.ip, now())));
  route(app, ssoApi.callback, async (req, reply) =>
    reply.redirect(await callback(configured(), req.query, searchOf(req), req.ip, now())),
  );
  route(app, ssoApi.complete, (req) =>
    complete(
      configured(),
      req.body.ticket,
      { ip: req.ip, userAgent: req.headers['user-agent'] ?? null },
      now(),
    ),
  );
}
