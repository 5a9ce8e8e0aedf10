/** The roles of staff users and API keys (DESIGN.md §10), from the most to the least trusted. */
export const ROLES = ['owner', 'admin', 'catalog', 'fulfillment', 'read_only'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What each role may do, as patterns of the actions routes declare (`object.verb`; `*` stands for a whole
 * part). A denied pattern wins over an allowed one. `export.*` lets a role export what it reads
 * (exports.service.ts checks the kind's own read action). `profile.*` is a user's own account (their name,
 * password, two-factor sign-in and sign-out), which every role keeps.
 */
export const ROLE_GRANTS: Record<Role, { allow: readonly string[]; deny: readonly string[] }> = {
  owner: { allow: ['*'], deny: [] },
  admin: { allow: ['*'], deny: ['user.*', 'api_key.*'] },
  catalog: {
    allow: ['*.read', 'profile.*', 'product.*', 'sku.*', 'collection.*', 'category.*', 'file.*', 'discount.*', 'blog.*', 'post.*', 'page.*', 'export.*'],
    deny: ['audit_log.read'],
  },
  fulfillment: {
    allow: [
      'profile.*', 'access.read', 'store.read', 'country.read', 'market.read', 'order.read', 'order.comment', 'customer.read',
      'fulfillment.*', 'return.read', 'return.receive', 'export.*',
    ],
    deny: [],
  },
  read_only: { allow: ['*.read', 'profile.*'], deny: ['audit_log.read'] },
};

function matches(pattern: string, action: string): boolean {
  if (pattern === '*') return true;
  const [object, verb] = pattern.split('.');
  const [actionObject, actionVerb] = action.split('.');
  return (object === '*' || object === actionObject) && (verb === '*' || verb === actionVerb);
}

/** True when `role` may perform `action`. */
export function roleAllows(role: Role, action: string): boolean {
  const grants = ROLE_GRANTS[role];
  return grants.allow.some((pattern) => matches(pattern, action)) && !grants.deny.some((pattern) => matches(pattern, action));
}

/** The sentence of a 403 for an action outside the role. */
export function outsideRole(role: Role, action: string): string {
  return `The ${role.replace('_', '-')} role may not ${action.replace('.', ': ').replace(/_/g, ' ')}`;
}

/** The role an API key acts under: its own, else the one its kind implies (keys made before roles were owners'). */
export function keyRole(row: { kind: string; role: string | null }): Role {
  if (row.role !== null) return row.role as Role;
  return row.kind === 'read_only' ? 'read_only' : 'owner';
}
