import type { FastifyInstance } from 'fastify';
import { reportsApi } from '../../common/api/reports';
import { actorOf } from '../caller/actor';
import { currentUser } from '../caller/guard';
import type { AppDeps } from '../http/deps';
import { route } from '../http/route';
import type { Outbox } from './outbox';
import { readSubscription, saveSubscription } from './subscription';

/** The caller's own e-mail subscriptions and the report sent now (docs/behaviour.md section 17). */
export function reportRoutes(
  app: FastifyInstance,
  { db, env, now = Date.now }: AppDeps,
  outbox: Outbox,
): void {
  const mailConfigured = Boolean(env.smtpUrl);
  route(app, reportsApi.subscription, (req) => readSubscription(db, currentUser(req), mailConfigured));
  route(app, reportsApi.setSubscription, (req) =>
    saveSubscription(db, actorOf(req), currentUser(req), req.body, mailConfigured, new Date(now())),
  );
  route(app, reportsApi.sendNow, (req) => outbox.sendNow(actorOf(req), currentUser(req), new Date(now())));
}
