import { TOTP, Secret } from 'otpauth';
import { expect } from 'vitest';
import type { Client, TestContext } from './test-app.js';

/** A password the strength check takes. */
export const STAFF_PASSWORD = 'correct horse battery staple 42';

/** The invitation link mailed to `email`: the newest staff_invitation queued for it. */
export async function invitationToken(t: TestContext, email: string): Promise<string> {
  const rows = await t.db.selectFrom('notifications').selectAll().where('kind', '=', 'staff_invitation').where('recipient', '=', email).orderBy('id', 'desc').execute();
  expect(rows.length, `no invitation mailed to ${email}`).toBeGreaterThan(0);
  const url = new URL((JSON.parse(rows[0]!.data) as { invitation_url: string }).invitation_url);
  return url.searchParams.get('token')!;
}

export interface Member {
  id: string;
  email: string;
  token: string;
  client: Client;
}

/** Invites a user of `role` with the store's admin key, accepts the invitation, and answers them signed in. */
export async function staffMember(t: TestContext, role: string, email = `${role}-${Math.random().toString(36).slice(2, 8)}@example.com`): Promise<Member> {
  const invited = await t.admin.post('/v1/users', { email, name: `${role} person`, role });
  expect(invited.status, invited.text).toBe(201);
  const accepted = await t.anonymous.post('/v1/users/accept', { token: await invitationToken(t, email), password: STAFF_PASSWORD });
  expect(accepted.status, accepted.text).toBe(201);
  const token = accepted.body.data.token as string;
  return { id: invited.body.data.id, email, token, client: t.as({ authorization: `Bearer ${token}` }) };
}

/** The code an authenticator app shows for `secret` at `seconds` (Unix). */
export function totpCode(secret: string, seconds = Date.now() / 1000): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: seconds * 1000 });
}
