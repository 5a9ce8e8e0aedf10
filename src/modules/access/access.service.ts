import type { Ctx, StaffRef } from '../../lib/context.js';
import { Problem } from '../../lib/problem.js';
import { roleAllows, type Role } from './roles.js';

/** Every action a route declares, gathered as routes are registered (auth.ts). */
export const declaredActions = new Set<string>();

export interface AccessView {
  object: 'access';
  actor: StaffRef;
  role: Role;
  /** Every action this credential may take now, sorted: the dashboard disables the rest. */
  actions: string[];
  must_set_up_two_factor: boolean;
}

/** Actions a user the store requires two-factor sign-in of may take before setting it up. */
export function settingUpTwoFactor(action: string): boolean {
  return action.startsWith('profile.') || action === 'access.read';
}

/** What the staff credential of the request may do. @throws Problem forbidden for a storefront credential. */
export function credentialAccess(ctx: Ctx): AccessView {
  const actor = ctx.actor;
  if (actor.kind !== 'admin') throw new Problem('forbidden', 'Only staff credentials have a role');
  const pending = actor.mustSetUpTwoFactor === true;
  const actions = [...declaredActions].filter((action) => roleAllows(actor.role, action) && (!pending || settingUpTwoFactor(action)));
  return { object: 'access', actor: actor.by, role: actor.role, actions: actions.sort(), must_set_up_two_factor: pending };
}
