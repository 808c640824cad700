import type { Role } from '../../common/roles';
import { DATA_EDITORS } from '../../common/roles';

/**
 * Who may call a route. Every API route declares one in its config (`config: { access }`); the
 * guard reads it from the route the router matched, never from the URL text, and refuses a route
 * that declares none.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | {
      roles: readonly Role[];
      /** The 403 message when the signed-in user's role is not among them. */
      forbidden: string;
    };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** On a public route: who is calling, when a valid token comes along (req.user, else null). */
    identifyIfSignedIn?: boolean;
  }
}

/** Reachable without a token. */
export const publicRoute = { access: 'public' } as const;
/** Any signed-in user, whatever the role. */
export const signedIn = { access: 'signed-in' } as const;
export const editorsOnly = {
  access: { roles: DATA_EDITORS, forbidden: 'Only managers and admins can change data or configuration' },
} as const;
export const adminsOnly = (forbidden: string) => ({ access: { roles: ['admin'] as const, forbidden } });
