/**
 * What /api/docs says about who may call an operation, from the same `access` rule the guard
 * enforces (common/api/endpoint.ts), so the document cannot drift from the rule: a public one
 * needs no token (`security: []`, against the document's bearer default), and every operation
 * names its roles in `x-roles` and in words in its description.
 */
import type { Access } from '../../common/api/endpoint';
import { ROLES, type Role } from '../../common/roles';

declare module 'fastify' {
  interface FastifySchema {
    /** Who may call the operation: `public`, any `signed-in` user, or only some `roles`. */
    'x-access'?: 'public' | 'signed-in' | 'roles';
    /** The roles whose token the operation accepts; none for a public operation, which needs none. */
    'x-roles'?: readonly Role[];
  }
}

export interface OperationAccess {
  description: string;
  security?: [];
  'x-access': 'public' | 'signed-in' | 'roles';
  'x-roles': readonly Role[];
}

export function operationAccess(access: Access, identifyIfSignedIn = false): OperationAccess {
  if (access === 'public')
    return {
      description: `Public: no sign-in needed.${identifyIfSignedIn ? ' A token, when sent, tells who is calling.' : ''}`,
      security: [],
      'x-access': 'public',
      'x-roles': [],
    };
  if (access === 'signed-in')
    return {
      description: `Roles: any signed-in user (${ROLES.join(', ')}).`,
      'x-access': 'signed-in',
      'x-roles': ROLES,
    };
  return {
    description: `Roles: ${access.roles.join(', ')} only; anyone else is refused (403).`,
    'x-access': 'roles',
    'x-roles': access.roles,
  };
}
