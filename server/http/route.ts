/**
 * Registers a route from its endpoint in common/api/: the access rule, the schemas Fastify
 * validates with and lists in /api/docs, and the success status all come from that one
 * definition, so a handler only turns validated input into a service call.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Access, Endpoint, ParsedInput } from '../../common/api/endpoint';
import { operationAccess } from './openapi-access';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; read by the guard (caller/guard.ts) from the matched route. */
    access?: Access;
    /** On a public route: who is calling, when a valid token comes along (req.user, else null). */
    identifyIfSignedIn?: boolean;
    /** A signed-in route that also takes the setup token of a forced second-factor setup. */
    setupToken?: boolean;
  }
}

/** Params, query and body as the endpoint's schemas parse them. */
type Parsed<E extends Endpoint> = {
  Params: ParsedInput<E, 'params'>;
  Querystring: ParsedInput<E, 'query'>;
  Body: ParsedInput<E, 'body'>;
};

/** The request as the handler sees it: params, query and body already parsed by their schemas. */
export type RouteRequest<E extends Endpoint> = FastifyRequest<Parsed<E>>;

/** A JSON endpoint's handler returns its answer (or a reply it already sent); a download, the reply. */
type Answer<E extends Endpoint> = FastifyReply | z.input<Extract<E['response'], z.ZodType>>;

export type RouteHandler<E extends Endpoint> = (
  req: RouteRequest<E>,
  reply: FastifyReply,
) => Answer<E> | Promise<Answer<E>>;

export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: RouteHandler<NoInfer<E>>,
): void {
  const access = operationAccess(e.access, e.identifyIfSignedIn);
  if (e.notes) access.description = `${access.description} ${e.notes}`;
  app.route<Parsed<E>>({
    method: e.method,
    url: e.path,
    config: { access: e.access, identifyIfSignedIn: e.identifyIfSignedIn, setupToken: e.setupToken },
    schema: {
      tags: [e.tag],
      ...access,
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      ...(e.multipart && { consumes: ['multipart/form-data'] }),
      ...(e.response !== 'file' && { response: { [e.status ?? 200]: e.response } }),
    },
    handler: (req, reply) => {
      if (e.status) reply.code(e.status);
      return handler(req, reply);
    },
  });
}
