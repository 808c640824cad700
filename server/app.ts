import { existsSync } from 'node:fs';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { auditRoutes } from './audit/routes';
import { installGuard } from './auth/guard';
import { authRoutes } from './auth/routes';
import type { ResetMailer } from './auth/service';
import type { Tokens } from './auth/tokens';
import type { Config } from './config';
import { configRoutes } from './config/routes';
import { createDashboardData } from './dashboard/data';
import { dashboardRoutes } from './dashboard/routes';
import type { Db } from './db/client';
import { exportRoutes } from './exports/routes';
import { healthRoutes } from './health/routes';
import { installErrorHandler, installNotFoundHandler } from './http/errors';
import { patientRoutes } from './patients/routes';
import { uploadRoutes } from './uploads/routes';
import { userRoutes } from './users/routes';

export interface AppDeps {
  db: Db;
  config: Config;
  tokens: Tokens;
  mailer: ResetMailer | null;
  /** Folder of the built web app to serve, if any. */
  webDist?: string;
}

// Log the route, never the query string: patient names travel in query strings.
const serializers = {
  req: (req: { method: string; routeOptions?: { url?: string }; url: string }) => ({
    method: req.method,
    route: req.routeOptions?.url ?? req.url.split('?')[0],
  }),
};

export async function buildApp(
  deps: AppDeps,
  logger: FastifyServerOptions['logger'] = false,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger === false ? false : { ...(typeof logger === 'object' ? logger : {}), serializers },
    bodyLimit: 1024 * 1024,
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        'script-src': ["'self'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
      },
    },
  });
  await app.register(multipart, {
    limits: { fileSize: deps.config.maxUploadBytes, files: 1, fields: 5 },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Full Arch Tracker API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installGuard(app, deps.db, deps.tokens);
  healthRoutes(app, deps);
  authRoutes(app, deps);
  userRoutes(app, deps);
  auditRoutes(app, deps);
  configRoutes(app, deps);
  uploadRoutes(app, deps);
  const dashboardData = createDashboardData(deps.db);
  dashboardRoutes(app, dashboardData);
  exportRoutes(app, deps, dashboardData);
  patientRoutes(app, deps);

  const serveWebApp = Boolean(deps.webDist && existsSync(deps.webDist));
  if (serveWebApp) await app.register(fastifyStatic, { root: deps.webDist as string, wildcard: false });
  installNotFoundHandler(app, serveWebApp);
  return app;
}
