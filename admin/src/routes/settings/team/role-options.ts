import { ROLE_DESCRIPTIONS, ROLES, roleName, type Role } from '../../../lib/access';

/** The roles for a picker, by name. */
export const roleOptions = ROLES.map((role) => ({ value: role, label: roleName(role) }));

/** What the chosen role may do, said under the picker. */
export function roleDescription(role: string): string | undefined {
  return ROLE_DESCRIPTIONS[role as Role];
}
