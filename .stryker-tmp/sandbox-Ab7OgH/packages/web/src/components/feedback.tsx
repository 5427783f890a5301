// @ts-nocheck
import { useEffect, useLayoutEffect, type ReactNode } from 'react';
import { Alert, App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import type { useAppProps } from 'antd/es/app/context';
import { HttpError, NetworkError, errorLines } from '@/lib/http.ts';

/*
 * Toasts and dialogs callable from anywhere (mutation callbacks, helpers), yet rendered inside antd's
 * <App> so they follow the theme. <FeedbackHost /> captures the instances once at the top of the tree.
 */
let api: useAppProps | null = null;

/** `useQuery({ meta: { [OWN_ERROR_DIALOG]: true } })`: the screen shows the query's failure itself. */
export const OWN_ERROR_DIALOG = 'ownErrorDialog';

export function FeedbackHost() {
  const app = App.useApp();
  // Before any other effect of the page runs (layout effects come first), so every caller finds it.
  useLayoutEffect(() => {
    api = app;
  }, [app]);
  return null;
}

/**
 * A load that the server refused (400, 409, 422) or failed (5xx) opens the spec's 'Oops...' dialog with
 * the server's words, instead of an empty list that looks like "nothing found". 401 renews the session,
 * and a GET's 403/404 already leads to the error pages (lib/http.ts).
 */
export function QueryErrorDialog() {
  const client = useQueryClient();
  useEffect(
    () =>
      client.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'error') return;
        // A query that shows its own failure (the reports' 'Error' dialog) says so in its meta.
        if (event.query.meta?.[OWN_ERROR_DIALOG]) return;
        const error = event.action.error;
        if (error instanceof HttpError && (error.status === 400 || error.status === 409 || error.status === 422)) {
          errorDialog(error);
        }
      }),
    [client],
  );
  return null;
}

function host(): useAppProps {
  if (!api) throw new Error('<FeedbackHost /> is not mounted.');
  return api;
}

type ToastKind = 'success' | 'error' | 'info' | 'warning';
const show =
  (kind: ToastKind) =>
  (title: ReactNode, opts: { description?: ReactNode; key?: string } = {}) =>
    host().notification[kind]({ title, ...opts });

/** Top-right toasts that disappear after 4 seconds (configured on <App> in app/provider.tsx). */
export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
  warning: show('warning'),
  /** Closes the toast opened with this key at once. */
  close: (key: string) => host().notification.destroy(key),
};

/**
 * The spec's error dialog ('Oops...' with the error text). `kind: 'warning'` gives the warning form that
 * some screens use (an email list delete answered with 500: 'Attention!').
 */
export function errorDialog(error: unknown, title: ReactNode = 'Oops...', kind: 'error' | 'warning' = 'error') {
  const lines = errorLines(error);
  host().modal[kind]({ title, content: lines.length ? lines.join('\n') : 'Some error occurred.' });
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/**
 * A host operation's failure as spec 2 shows it (PMTA server and relay buttons): the first error (the server
 * already writes 'Error: ...'), or 'status: statusText' when the answer has no error field.
 */
export function operationError(e: unknown): string {
  const first = errorLines(e)[0];
  if (e instanceof HttpError && (!e.error || !first)) return `${e.status}: ${STATUS_TEXT[e.status] ?? 'Error'}`;
  return first ?? (e instanceof Error ? e.message : String(e));
}

export interface ConfirmOptions {
  title: ReactNode;
  content?: ReactNode;
  okText?: string;
  danger?: boolean;
  /** Work to do on OK. When it fails the dialog stays open and shows `errorPrefix` + the first error. */
  onOk?: () => Promise<unknown>;
  errorPrefix?: string;
  /**
   * The whole line shown when `onOk` fails, for screens whose words depend on the failure (categories:
   * 500 -> 'Delete failed: ...', others 'Request failed: ...'). Overrides `errorPrefix`.
   */
  errorMessage?: (error: unknown) => ReactNode;
}

/** Asks for confirmation; resolves true once OK (and `onOk`) succeeded, false when cancelled. */
export function confirm(opts: ConfirmOptions): Promise<boolean> {
  const { title, content, okText = 'Yes', danger = false, onOk, errorPrefix = 'Failed: ', errorMessage } = opts;
  const instance = host().modal.confirm({
    title,
    content,
    okText,
    cancelText: 'Cancel',
    okButtonProps: { danger },
    onOk: async () => {
      try {
        await onOk?.();
      } catch (e) {
        const first = e instanceof NetworkError ? undefined : errorLines(e)[0];
        const message = errorMessage
          ? errorMessage(e)
          : first
            ? `${errorPrefix}${first}`
            : `Request failed: ${e instanceof Error ? e.message : String(e)}`;
        instance.update({
          content: (
            <>
              {content}
              <Alert type="error" showIcon title={message} style={{ marginTop: 12 }} />
            </>
          ),
        });
        throw e; // keeps the dialog open
      }
    },
  });
  // Awaiting the instance also tells antd not to report the rejection above as unhandled.
  return new Promise((resolve) => void instance.then(resolve, () => resolve(false)));
}

/**
 * Every delete of the console (spec 2 and 3): 'Are you sure you want to delete?' with Confirm and
 * Cancel; 'Deleted successfully!' once `onOk` succeeded. Resolves true when deleted.
 */
export function confirmDelete(content: ReactNode, onOk: () => Promise<unknown>, errorPrefix = 'Error: ') {
  return confirm({
    title: 'Are you sure you want to delete?',
    content,
    okText: 'Confirm',
    danger: true,
    onOk,
    errorPrefix,
  }).then((ok) => {
    if (ok) toast.success('Deleted successfully!');
    return ok;
  });
}
