import type { UserRow } from '../../db/types.js';
import type { Role } from '../access/roles.js';

export interface UserView {
  id: string;
  object: 'user';
  email: string;
  name: string | null;
  role: Role;
  is_active: boolean;
  is_two_factor_enabled: boolean;
  /** Invited, and no password chosen yet. */
  is_invitation_pending: boolean;
  last_sign_in_at: number | null;
  created_at: number;
  updated_at: number;
}

export function userView(row: UserRow): UserView {
  return {
    id: row.id,
    object: 'user',
    email: row.email,
    name: row.name,
    role: row.role as Role,
    is_active: row.is_active === 1,
    is_two_factor_enabled: row.is_two_factor_enabled === 1,
    is_invitation_pending: row.password_hash === null,
    last_sign_in_at: row.last_sign_in_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** How a user names themself on what they do: their name, else their email. */
export function userName(row: Pick<UserRow, 'name' | 'email'>): string {
  return row.name ?? row.email;
}
