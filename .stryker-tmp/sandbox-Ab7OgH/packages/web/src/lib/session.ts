// @ts-nocheck
import { useSyncExternalStore } from 'react';
import { ROLE_ADMIN } from '@console/shared/enums';
import type { TokenClaims, TokenPair } from '@console/shared/auth';

/**
 * The signed-in session, kept under the spec's keys: `token`, `refresh_token`, `remember`, `username`.
 * With Remember me the keys live in localStorage (they survive a browser restart and are shared by all
 * tabs); without it they live in sessionStorage, so closing the tab or browser ends the session
 * (docs/decisions/0301-web-session-storage.md).
 */
export interface Session {
  token: string;
  refreshToken: string;
  username: string;
  remember: boolean;
  claims: TokenClaims;
  isAdmin: boolean;
}

const KEYS = ['token', 'refresh_token', 'remember', 'username'] as const;

function decodeClaims(token: string): TokenClaims | null {
  try {
    const payload = token.split('.')[1] ?? '';
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = Uint8Array.from(json, (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<TokenClaims>;
    if (typeof claims.id !== 'number' || !Array.isArray(claims.roles)) return null;
    return { id: claims.id, username: String(claims.username ?? ''), roles: claims.roles };
  } catch {
    return null;
  }
}

function storageInUse(): Storage | null {
  if (localStorage.getItem('token')) return localStorage;
  if (sessionStorage.getItem('token')) return sessionStorage;
  return null;
}

function read(): Session | null {
  const store = storageInUse();
  const token = store?.getItem('token');
  const refreshToken = store?.getItem('refresh_token');
  if (!store || !token || !refreshToken) return null;
  const claims = decodeClaims(token);
  if (!claims) return null;
  return {
    token,
    refreshToken,
    username: store.getItem('username') ?? claims.username,
    remember: store === localStorage,
    claims,
    isAdmin: claims.roles.includes(ROLE_ADMIN),
  };
}

let current = read();
const listeners = new Set<() => void>();

function changed() {
  const next = read();
  // Keep the same object while nothing relevant moved, so React does not re-render for nothing.
  if (next?.token === current?.token && next?.refreshToken === current?.refreshToken) return;
  current = next;
  for (const l of listeners) l();
}

// Another tab signed in, refreshed or signed out (only localStorage sessions are shared).
window.addEventListener('storage', (e) => {
  if (e.key === null || (KEYS as readonly string[]).includes(e.key)) changed();
});

export const getSession = (): Session | null => current;

/** Re-reads the storage now (another tab may have renewed the tokens a moment ago). */
export function reloadSession(): Session | null {
  changed();
  return current;
}

export function startSession(pair: TokenPair, remember: boolean) {
  clearSession();
  const store = remember ? localStorage : sessionStorage;
  const claims = decodeClaims(pair.token);
  store.setItem('token', pair.token);
  store.setItem('refresh_token', pair.refresh_token);
  store.setItem('username', claims?.username ?? '');
  if (remember) store.setItem('remember', '1');
  changed();
}

/** Stores a refreshed pair where the session already lives. */
export function updateTokens(pair: TokenPair) {
  const store = storageInUse() ?? sessionStorage;
  store.setItem('token', pair.token);
  store.setItem('refresh_token', pair.refresh_token);
  changed();
}

export function clearSession() {
  for (const store of [localStorage, sessionStorage]) for (const k of KEYS) store.removeItem(k);
  changed();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const useSession = (): Session | null => useSyncExternalStore(subscribeSession, getSession);
export const useIsAdmin = (): boolean => useSession()?.isAdmin ?? false;
