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
import type { Db } from './db/client';
import { healthRoutes } from './health/routes';
import { installErrorHandler } from './http/errors';
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

  if (deps.webDist && existsSync(deps.webDist)) {
    await app.register(fastifyStatic, { root: deps.webDist, wildcard: false });
    // The web app has no routes of its own: any other GET outside /api gets index.html.
    app.setNotFoundHandler((req, reply) => {
      if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
      return reply.status(404).send({ success: false, error: 'Not found' });
    });
  }
  return app;
}
