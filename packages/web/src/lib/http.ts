import type { ApiError } from '@console/shared/hydra';
import type { TokenPair } from '@console/shared/auth';
import { clearSession, getSession, reloadSession, updateTokens } from './session.ts';

export const API_BASE = '/api';

/** An answer with a status of 400 or more; `error` is the body's `error` field when there is one. */
export class HttpError extends Error {
  readonly error: ApiError | undefined;
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    const error = (body as { error?: ApiError } | null)?.error;
    super(typeof error === 'string' ? error : `HTTP ${status}`);
    this.status = status;
    this.body = body;
    this.error = error;
  }
}

/** The server could not be reached (no status at all). */
export class NetworkError extends Error {}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  /** JSON body. */
  json?: unknown;
  /** Form-encoded body (register, the spec's form posts). */
  form?: Record<string, string>;
  /** Multipart body. */
  body?: FormData;
  signal?: AbortSignal;
  /** Send the bearer token and renew it on 401 (default). Public calls such as login set false. */
  auth?: boolean;
  /**
   * Send 403, 404 and 5xx answers to the error pages. Defaults to true for GET (page loads) and false
   * for writes, whose callers show the body's `{error}` in the form instead.
   */
  errorPage?: boolean;
  responseType?: 'json' | 'blob' | 'text';
  /** Sees the final response before its body is read (a report's `x-data-age` header). */
  onResponse?: (res: Response) => void;
}

type Navigate = (to: string) => void;
let navigate: Navigate = (to) => window.location.assign(to);
/** The router registers itself so that redirects stay inside the single-page app. */
export const setNavigate = (fn: Navigate) => {
  navigate = fn;
};

/** Drops the session and shows the login screen. */
export function logoutLocally() {
  clearSession();
  if (!window.location.pathname.startsWith('/login')) navigate('/login');
}

/** Keys are sent literally: `order[name]`, `groups[]`, `archive[exists]`, `user.id`. Empty values are left out. */
export function toSearch(query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const v of value) params.append(key, String(v));
    else params.append(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

type RefreshOutcome = 'renewed' | 'denied' | 'offline';
let refreshing: Promise<RefreshOutcome> | null = null;

/**
 * Renews the token pair once for everybody waiting on a 401 (single flight). Refresh tokens rotate and a
 * reused one revokes the whole login, so tabs sharing localStorage take a cross-tab lock and re-read the
 * storage first: if another tab already renewed, its pair is used instead of spending ours again.
 */
export function refreshSession(failedToken: string): Promise<RefreshOutcome> {
  refreshing ??= withLock(() => renew(failedToken)).finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = (navigator as Navigator & { locks?: LockManager }).locks;
  return locks ? locks.request('console-token-refresh', fn) : fn();
}

async function renew(failedToken: string): Promise<RefreshOutcome> {
  const session = reloadSession();
  if (!session) return 'denied';
  if (session.token !== failedToken) return 'renewed';
  let res: Response;
  try {
    res = await fetch(`${API_BASE}/token/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: session.refreshToken }),
    });
  } catch {
    return 'offline';
  }
  if (res.status !== 200) return 'denied';
  updateTokens((await res.json()) as TokenPair);
  return 'renewed';
}

async function send(path: string, opts: RequestOptions, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json' };
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.form) {
    body = new URLSearchParams(opts.form);
  } else if (opts.body) {
    body = opts.body;
  }
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`${API_BASE}${path}${toSearch(opts.query)}`, {
      method: opts.method ?? 'GET',
      headers,
      body,
      signal: opts.signal,
    });
  } catch (e) {
    if (opts.signal?.aborted) throw e;
    throw new NetworkError('The server cannot be reached.');
  }
}

async function parse(res: Response, type: RequestOptions['responseType']): Promise<unknown> {
  if (res.status === 204) return undefined;
  if (type === 'blob') return res.blob();
  const text = await res.text();
  if (type === 'text') return text;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const useAuth = opts.auth !== false;
  const token = useAuth ? getSession()?.token : undefined;
  let res = await send(path, opts, token);

  if (res.status === 401 && useAuth) {
    const outcome = token ? await refreshSession(token) : 'denied';
    if (outcome === 'offline') throw new NetworkError('The server cannot be reached.');
    if (outcome === 'renewed') res = await send(path, opts, getSession()?.token);
    if (outcome === 'denied' || res.status === 401) {
      logoutLocally();
      throw new HttpError(401, await parse(res, 'json'));
    }
  }

  opts.onResponse?.(res);
  const data = await parse(res, res.ok ? opts.responseType : 'json');
  if (res.ok) return data as T;

  const errorPage = opts.errorPage ?? (opts.method ?? 'GET') === 'GET';
  const page = res.status >= 500 ? 500 : res.status === 403 || res.status === 404 ? res.status : 0;
  if (errorPage && page) navigate(`/page/error/${page}`);
  throw new HttpError(res.status, data);
}

export const http = {
  get: <T>(path: string, opts?: Omit<RequestOptions, 'method'>) => request<T>(path, { ...opts, method: 'GET' }),
  post: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...opts, method: 'POST', json }),
  put: <T>(path: string, json?: unknown, opts?: Omit<RequestOptions, 'method' | 'json'>) =>
    request<T>(path, { ...opts, method: 'PUT', json }),
  delete: <T = void>(path: string, opts?: Omit<RequestOptions, 'method'>) =>
    request<T>(path, { ...opts, method: 'DELETE' }),
};

/** The lines to show for a failed call: each field message, the one string, or nothing. */
export function errorLines(e: unknown): string[] {
  const error = e instanceof HttpError ? e.error : e instanceof Error ? e.message : undefined;
  if (!error) return [];
  if (typeof error === 'string') return [error];
  return Object.values(error);
}
