export const ROLES = ['provider', 'coordinator', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may import data and change configuration (docs/behaviour.md sections 2 and 3). */
export const DATA_EDITORS: readonly Role[] = ['manager', 'admin'];

export const canEditData = (role: Role) => DATA_EDITORS.includes(role);

/**
 * Roles that read the whole group's work and work every case (docs/behaviour.md section 22): what
 * managers and admins read, Team activity, assigning a case, sending the report now. A coordinator
 * has these but changes no data or configuration.
 */
export const CASE_TEAM: readonly Role[] = ['coordinator', 'manager', 'admin'];

export const isCaseTeam = (role: Role) => CASE_TEAM.includes(role);

/** How a role is written on screens: `Coordinator`. */
export const roleName = (role: Role) => role[0].toUpperCase() + role.slice(1);
