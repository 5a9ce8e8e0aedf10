import { ROLE_DESCRIPTIONS, ROLES, roleName } from '../../../lib/access';

/** The roles for a picker: the name, then what it may do. */
export const roleOptions = ROLES.map((role) => ({ value: role, label: `${roleName(role)} — ${ROLE_DESCRIPTIONS[role]}` }));
