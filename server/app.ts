import { existsSync } from 'node:fs';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { activityRoutes } from './activities/routes';
import { auditRoutes } from './audit/routes';
import { authRoutes } from './auth/routes';
import { type Backups, backupRoutes, createBackups } from './backups';
import { installGuard } from './caller/guard';
import { createPatientRefs } from './caller/patient-refs';
import { sessionLimits } from './caller/sessions';
import { configRoutes } from './config/routes';
import { createDashboardData } from './dashboard/data';
import { dashboardRoutes } from './dashboard/routes';
import { SETTING_KEYS } from './db/setting-keys';
import { randomSecret, sharedSetting } from './db/shared-setting';
import { exportRoutes } from './exports/routes';
import { goalsRoutes } from './goals/routes';
import { healthRoutes } from './health/routes';
import type { AppDeps } from './http/deps';
import {
  clientErrorHandler,
  frameworkErrors,
  installErrorHandler,
  installNotFoundHandler,
} from './http/errors';
import { serializeError, summarizeFault } from './http/fault-log';
import { httpsOnlyHeaders } from './http/https-headers';
import { documentTransform } from './http/openapi-errors';
import { installRequestTextChecks } from './http/request-text';
import { marketingRoutes } from './marketing/routes';
import { patientRoutes } from './patients/routes';
import { createReportMailer } from './reports/mailer';
import { createOutbox, type Outbox } from './reports/outbox';
import { createReportBuilder } from './reports/report-builder';
import { reportRoutes } from './reports/routes';
import { sampleRoutes } from './samples/routes';
import { ssoRoutes } from './sso/routes';
import { syncConfig } from './sync/opendental/config';
import type { OpendentalDriver } from './sync/opendental/driver';
import { syncRoutes } from './sync/opendental/routes';
import { syncWarningLine } from './sync/opendental/status';
import { uploadRoutes } from './uploads/routes';
import { prepareUploadDir } from './uploads/upload-dir';
import { userRoutes } from './users/routes';
import { worklistRoutes } from './worklist/routes';

export type { AppDeps } from './http/deps';

// Log the route, never the query string: patient names travel in query strings. An error logged
// anywhere is summarized, never dumped with the statement's parameters.
const serializers = {
  err: serializeError,
  req: (req: { method: string; routeOptions?: { url?: string }; url: string }) => ({
    method: req.method,
    route: req.routeOptions?.url ?? req.url.split('?')[0],
  }),
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The report e-mails (docs/behaviour.md section 17): the scheduler runs its job. */
    outbox: Outbox;
    /** The backups (docs/behaviour.md section 21): the scheduler runs their job. */
    backups: Backups;
  }
}

export async function buildApp(
  deps: AppDeps & {
    /** Reads Open Dental; the real reader unless a test hands in its own. */
    opendental?: OpendentalDriver;
  },
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), serializers },
    bodyLimit: 1024 * 1024,
    // Each request is logged at debug below, so at the default level the console keeps the
    // start-up banner in view and a busy day's requests do not flood the log.
    logController: new LogController({ disableRequestLogging: true }),
    // Only a named proxy may say who the client is (X-Forwarded-For) or that it came over HTTPS.
    trustProxy: deps.env.trustProxy ?? false,
    clientErrorHandler,
    frameworkErrors,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installRequestTextChecks(app);
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug({ req, status: reply.statusCode, ms: Math.round(reply.elapsedTime) }, 'request completed');
  });

  // Routes that plugins add (the API docs, the web app's files) declare no access rule of their
  // own: they are public. Decided by the registered route, not the requested URL; any other API
  // route without a rule is refused by the guard.
  app.addHook('onRoute', (route) => {
    if (route.config?.access) return;
    if (route.url.startsWith('/api/docs') || !route.url.startsWith('/api/'))
      route.config = { ...route.config, access: 'public' };
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // Sent only over HTTPS (see httpsOnlyHeaders): over plain HTTP it makes a browser fetch
        // the scripts over https, and the page stays blank.
        'upgrade-insecure-requests': null,
      },
    },
    hsts: false,
  });
  app.addHook('onRequest', httpsOnlyHeaders);
  await app.register(multipart, {
    limits: { fileSize: deps.env.maxUploadBytes, files: 1, fields: 5 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Full Arch Tracker API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: documentTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const uploads = await prepareUploadDir(deps.env.dataDir);
  app.addHook('onClose', async () => uploads.release());
  installGuard(app, deps.db, deps.tokens, sessionLimits(deps.env, deps.now));
  const dashboardData = createDashboardData(deps.db);
  // A change answers once the figures of its data are loaded, and the readers meanwhile are given
  // those of before it rather than wait (dashboard/data.ts).
  const changes = new WeakMap<FastifyRequest, () => void>();
  const changing = (req: FastifyRequest) => req.method !== 'GET' && req.method !== 'HEAD';
  app.addHook('onRequest', async (req) => {
    if (changing(req)) changes.set(req, dashboardData.beginChange());
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (changing(req) && reply.statusCode < 400)
      await dashboardData
        .warm()
        .catch((err) => req.log.warn({ fault: summarizeFault(err) }, 'figures not loaded'));
    changes.get(req)?.();
    return payload;
  });
  // Whatever happened to the answer, the change has ended.
  app.addHook('onResponse', async (req) => changes.get(req)?.());
  app.addHook('onRequestAbort', async (req) => changes.get(req)?.());
  healthRoutes(app, deps);
  authRoutes(app, deps);
  ssoRoutes(app, deps);
  userRoutes(app, deps);
  auditRoutes(app, deps);
  configRoutes(app, deps);
  goalsRoutes(app, deps);
  marketingRoutes(app, deps);
  uploadRoutes(app, deps, dashboardData.offer);
  sampleRoutes(app, deps);
  // Patients' ids for addresses: one key for every process on the database (patients/refs.ts).
  const refs = createPatientRefs(await sharedSetting(deps.db, SETTING_KEYS.patientIdKey, randomSecret));
  // One report builder for the download and the monthly e-mail.
  // The PDF and the e-mails say when the figures are behind Open Dental, as the screens do.
  const syncConfigured = syncConfig(deps.env);
  const syncNote = () => syncWarningLine(deps.db, syncConfigured, new Date());
  const buildReport = createReportBuilder(dashboardData, deps.db, syncNote);
  const outbox = createOutbox({
    db: deps.db,
    source: dashboardData,
    mailer: createReportMailer(deps.env.smtpUrl, deps.env.mailFrom),
    buildReport,
    appUrl: deps.env.appUrl,
    syncNote,
    onFault: (err) => app.log.error({ fault: summarizeFault(err) }, 'a report e-mail could not be made'),
  });
  app.decorate('outbox', outbox);
  reportRoutes(app, deps, outbox);
  dashboardRoutes(app, dashboardData, deps.db, refs);
  exportRoutes(app, deps, dashboardData, buildReport);
  patientRoutes(app, deps, refs);
  worklistRoutes(app, deps);
  activityRoutes(app, deps, refs);
  syncRoutes(app, deps, deps.opendental);
  const backups = createBackups(deps.db, deps.env.backup, deps.env.dataDir, {
    onFault: (err) => app.log.error({ fault: summarizeFault(err) }, 'a backup could not be made'),
  });
  app.decorate('backups', backups);
  backupRoutes(app, backups);

  const serveWebApp = Boolean(deps.webDist && existsSync(deps.webDist));
  if (serveWebApp) await app.register(fastifyStatic, { root: deps.webDist as string, wildcard: false });
  installNotFoundHandler(app, serveWebApp);
  return app;
}
