/* The console's HTTP API as the demo's seeder and recipients use it: JSON calls with a bearer token. */
// @ts-nocheck


export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, body: unknown, what: string) {
    super(`${what}: ${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
  }
}

export interface Api {
  baseUrl: string;
  call<T = unknown>(method: string, path: string, json?: unknown): Promise<T>;
  get<T = unknown>(path: string): Promise<T>;
  post<T = unknown>(path: string, json?: unknown): Promise<T>;
  put<T = unknown>(path: string, json?: unknown): Promise<T>;
  /** A multipart upload (fields first, then the file), as the browser's upload card sends it. */
  upload<T = unknown>(
    path: string,
    fields: Record<string, string>,
    file: { field: string; name: string; content: string },
  ): Promise<T>;
}

async function answer<T>(res: Response, what: string): Promise<T> {
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    /* not JSON */
  }
  if (!res.ok) throw new ApiError(res.status, body, what);
  return body as T;
}

/** Signs in (POST /api/login_check) and returns a client that renews its token when it expires. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<Api> {
  let token = '';
  const login = async () => {
    const res = await fetch(`${baseUrl}/api/login_check`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    token = (await answer<{ token: string }>(res, `sign in as ${email}`)).token;
  };
  await login();
  const send = async (init: () => RequestInit, what: string) => {
    let res = await fetch(`${baseUrl}/api${what}`, {
      ...init(),
      headers: { ...headers(init()), authorization: `Bearer ${token}` },
    });
    if (res.status === 401) {
      await login();
      res = await fetch(`${baseUrl}/api${what}`, {
        ...init(),
        headers: { ...headers(init()), authorization: `Bearer ${token}` },
      });
    }
    return res;
  };
  const headers = (i: RequestInit) => (i.headers ?? {}) as Record<string, string>;
  const call = async <T>(method: string, path: string, json?: unknown) => {
    const res = await send(
      () => ({
        method,
        headers: json === undefined ? undefined : { 'content-type': 'application/json' },
        body: json === undefined ? undefined : JSON.stringify(json),
      }),
      path,
    );
    return answer<T>(res, `${method} ${path}`);
  };
  return {
    baseUrl,
    call,
    get: (path) => call('GET', path),
    post: (path, json) => call('POST', path, json ?? {}),
    put: (path, json) => call('PUT', path, json),
    upload: async <T>(
      path: string,
      fields: Record<string, string>,
      file: { field: string; name: string; content: string },
    ) => {
      const res = await send(() => {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) form.append(k, v);
        form.append(file.field, new Blob([file.content], { type: 'text/csv' }), file.name);
        return { method: 'POST', body: form };
      }, path);
      return answer<T>(res, `POST ${path}`);
    },
  };
}
