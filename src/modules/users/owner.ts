import { ConfigError, type Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { FieldErrors, Problem } from '../../lib/problem.js';
import type { Role } from '../access/roles.js';
import { checkEmail, emailKey } from '../customers/emails.js';
import { checkPasswordStrength } from '../customers/password-strength.js';
import { hashPassword } from '../customers/passwords.js';
import * as repo from './users.repo.js';
import { makeInvitation, newUserRow } from './users.service.js';

export interface MadeUser {
  id: string;
  email: string;
  role: Role;
  /** Without a password: the one-time link that lets the user choose one. */
  invitationUrl?: string;
}

/**
 * Makes a user from the server's side (the CLI, the first start): with a password, held to the same
 * rules as any other, or else with an invitation link to print. No mail is sent.
 * @throws Problem validation_failed (an invalid or taken email, a weak password).
 */
export async function makeUser(db: Db, links: Pick<Config, 'publicUrl'>, now: number, input: { email: string; name?: string; role: Role; password?: string }): Promise<MadeUser> {
  const errors = new FieldErrors();
  checkEmail(input.email, 'email', errors);
  if (input.password !== undefined) await checkPasswordStrength(input.password, [input.email, input.name], errors);
  errors.throwIfAny();
  const passwordHash = input.password === undefined ? null : await hashPassword(input.password);
  return db.transaction().execute(async (tx) => {
    if (await repo.findUserByEmail(tx, emailKey(input.email))) throw Problem.invalid([{ field: 'email', code: 'taken', message: 'belongs to another user' }]);
    const row = { ...newUserRow(input, now), password_hash: passwordHash };
    await repo.insertUser(tx, row);
    const made: MadeUser = { id: row.id, email: row.email, role: input.role };
    if (passwordHash === null) made.invitationUrl = (await makeInvitation(tx, row, links, now)).url;
    return made;
  });
}

/**
 * The owner named by STOREFRONT_OWNER_EMAIL and STOREFRONT_OWNER_PASSWORD, made when the store has no
 * user yet; null when it has one (the variables are then ignored) or they are not set.
 */
export async function ensureOwnerFromEnvironment(db: Db, config: Pick<Config, 'publicUrl' | 'ownerEmail' | 'ownerPassword'>, now: number): Promise<MadeUser | null> {
  if (!config.ownerEmail || !config.ownerPassword) return null;
  if ((await repo.countUsers(db)) > 0) return null;
  try {
    return await makeUser(db, config, now, { email: config.ownerEmail, role: 'owner', password: config.ownerPassword });
  } catch (error) {
    if (!(error instanceof Problem)) throw error;
    const fields = (error.errors ?? []).map((field) => `${field.field === 'email' ? 'STOREFRONT_OWNER_EMAIL' : 'STOREFRONT_OWNER_PASSWORD'} ${field.message}`);
    throw new ConfigError(`The owner could not be made: ${fields.join('; ') || error.message}`);
  }
}
