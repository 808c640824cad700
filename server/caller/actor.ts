import type { FastifyRequest } from 'fastify';

/** Who did something, as the audit log records it: a user (or none, for the system) and the IP. */
export interface Actor {
  id: number | null;
  username: string | null;
  ip?: string | null;
}

/** The signed-in caller of a request as an Actor. */
export const actorOf = (req: FastifyRequest): Actor => ({
  id: req.user?.id ?? null,
  username: req.user?.username ?? null,
  ip: req.ip,
});
