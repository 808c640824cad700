export const ROLES = ['provider', 'manager', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles that may import data and change configuration (docs/behaviour.md sections 2 and 3). */
export const DATA_EDITORS: readonly Role[] = ['manager', 'admin'];

export const canEditData = (role: Role) => DATA_EDITORS.includes(role);
