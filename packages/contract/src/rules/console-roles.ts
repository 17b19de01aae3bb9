/**
 * Who may do what in a channel's console. A role belongs to one account, and an account to one channel, so a role
 * never reaches past its channel. `admin` is the platform's: it creates channels and their first owner, and is
 * given nothing inside a channel by that role alone (least privilege: it signs in as an owner to run one).
 */
export const CONSOLE_ROLES = ['owner', 'operator', 'analyst'] as const;
export type ConsoleRole = (typeof CONSOLE_ROLES)[number];
export const STAFF_ROLES = [...CONSOLE_ROLES, 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/**
 * What a console call needs:
 * - `read`: reports and read-only views (analyst, operator, owner);
 * - `write`: content, schedule, media, fans and orders (operator, owner);
 * - `manage`: the channel's people and payment settings (owner);
 * - `platform`: channels themselves (admin).
 */
export const CONSOLE_PERMISSIONS = ['read', 'write', 'manage', 'platform'] as const;
export type ConsolePermission = (typeof CONSOLE_PERMISSIONS)[number];

const GRANTS: Record<StaffRole, readonly ConsolePermission[]> = {
  owner: ['read', 'write', 'manage'],
  operator: ['read', 'write'],
  analyst: ['read'],
  admin: ['platform'],
};

/** Whether `role` (null: a fan or a guest) may make a call that needs `permission`. */
export function roleAllows(role: StaffRole | null | undefined, permission: ConsolePermission): boolean {
  return role ? GRANTS[role].includes(permission) : false;
}

/** Every permission of a role, for the console to show only what its user may use. */
export const permissionsOf = (role: StaffRole): ConsolePermission[] => [...GRANTS[role]];
