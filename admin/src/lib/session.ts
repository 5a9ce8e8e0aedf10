import { useSyncExternalStore } from 'react';
import { createClient, type StorefrontClient } from 'storefront/client';

/** Who is signed in: the key, what it may do, and a client that sends it. */
export interface Session {
  key: string;
  /** A read-only key (`rk_…`) may only read: the screens show their write controls disabled. */
  readOnly: boolean;
  client: StorefrontClient;
}

// sessionStorage, not localStorage: the key lives as long as the tab, and closing it signs out.
const STORAGE_KEY = 'storefront.admin.key';

/** A session for a key, not yet kept: sign-in tries it first. */
export function sessionFor(key: string): Session {
  return {
    key,
    readOnly: key.startsWith('rk_'),
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

/** Forgets the key. */
export function signOut(): void {
  window.sessionStorage.removeItem(STORAGE_KEY);
  change(null);
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
