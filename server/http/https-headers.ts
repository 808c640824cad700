import type { FastifyReply, FastifyRequest } from 'fastify';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * HSTS and the CSP's upgrade-insecure-requests only when the request came over HTTPS, directly
 * or through a proxy named in TRUST_PROXY (req.protocol reads X-Forwarded-Proto only from such a
 * proxy). Over plain HTTP on a LAN address they would make the browser ask for https and fail.
 */
export async function httpsOnlyHeaders(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (req.protocol !== 'https') return;
  reply.header('strict-transport-security', HSTS);
  const csp = reply.raw.getHeader('content-security-policy');
  if (typeof csp === 'string')
    reply.raw.setHeader('content-security-policy', `${csp};upgrade-insecure-requests`);
}
