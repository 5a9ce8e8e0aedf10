import { useSyncExternalStore } from 'react';
import createFetchClient, { type Client } from 'openapi-fetch';
import { createClient, type paths, type StorefrontClient } from 'storefront/client';

/**
 * Who is signed in: the credential and a client that sends it. The credential is a staff user's
 * token (`utk_…`, from email and password) or an API key (`sk_…`, `rk_…`, pasted); what it may do
 * is the server's answer to `GET /v1/access` (lib/access.ts), read once the shell is shown.
 */
export interface Session {
  key: string;
  /** A user's token, signed out on the server too (`DELETE /v1/users/token`); a key stays valid. */
  isUserToken: boolean;
  client: StorefrontClient;
}

// sessionStorage, not localStorage: the credential lives as long as the tab, and closing it signs out.
const STORAGE_KEY = 'storefront.admin.key';

/** A session for a credential, not yet kept: sign-in tries it first. */
export function sessionFor(key: string): Session {
  return {
    key,
    isUserToken: key.startsWith('utk_'),
    client: createClient({ baseUrl: window.location.origin, adminKey: key }),
  };
}

// The one piece of state outside the query cache: the router's guards read it synchronously.
let current: Session | null = null;
const stored = window.sessionStorage.getItem(STORAGE_KEY);
if (stored) current = sessionFor(stored);
const listeners = new Set<() => void>();

function change(next: Session | null): void {
  current = next;
  for (const listener of listeners) listener();
}

export function currentSession(): Session | null {
  return current;
}

/** Keeps the session for this tab. */
export function signIn(session: Session): void {
  window.sessionStorage.setItem(STORAGE_KEY, session.key);
  change(session);
}

/**
 * Forgets the credential. A user's token is signed out on the server as well, without waiting: the
 * tab forgets it either way, and a token the server already refuses has nothing left to end.
 */
export function signOut(options: { onServer?: boolean } = {}): void {
  const leaving = current;
  window.sessionStorage.removeItem(STORAGE_KEY);
  change(null);
  if (options.onServer && leaving?.isUserToken) void leaving.client.DELETE('/v1/users/token').catch(() => undefined);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The session, or null once signed out (the shell then shows nothing until sign-in is shown). */
export function useCurrentSession(): Session | null {
  return useSyncExternalStore(subscribe, currentSession);
}

/** The signed-in session, for the screens: the shell renders them only while there is one. */
export function useSession(): Session {
  const session = useCurrentSession();
  if (!session) throw new Error('useSession() outside the signed-in screens');
  return session;
}

/**
 * A client that sends no credential, for signing in and accepting an invitation. It never retries:
 * a code or a password is tried once, and a 429 is said to staff rather than waited out.
 */
export function anonymousClient(): Client<paths> {
  return createFetchClient<paths>({ baseUrl: window.location.origin });
}
