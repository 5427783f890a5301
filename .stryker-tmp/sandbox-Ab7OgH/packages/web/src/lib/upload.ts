// @ts-nocheck
import { API_BASE, HttpError, NetworkError, logoutLocally, refreshSession } from './http.ts';
import { getSession } from './session.ts';

export interface UploadOptions {
  /** Percent of the request body sent so far (0-100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

interface Answer {
  status: number;
  body: unknown;
}

// fetch() cannot report upload progress; XMLHttpRequest can.
function post(path: string, data: FormData, token: string | undefined, opts: UploadOptions): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('accept', 'application/json');
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        /* keep the text */
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new NetworkError('The server cannot be reached.'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled.', 'AbortError'));
    opts.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(data);
  });
}

/** POSTs a multipart body with upload progress; same bearer and 401 renewal as every other call. */
export async function uploadMultipart<T>(path: string, data: FormData, opts: UploadOptions = {}): Promise<T> {
  const token = getSession()?.token;
  let answer = await post(path, data, token, opts);
  if (answer.status === 401 && token) {
    const outcome = await refreshSession(token);
    if (outcome === 'offline') throw new NetworkError('The server cannot be reached.');
    if (outcome === 'renewed') answer = await post(path, data, getSession()?.token, opts);
    if (outcome === 'denied' || answer.status === 401) {
      logoutLocally();
      throw new HttpError(401, answer.body);
    }
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  throw new HttpError(answer.status, answer.body);
}
