// @ts-nocheck
import { Alert } from 'antd';
import { HttpError } from '@/lib/http.ts';

export interface ValidationErrorsProps {
  /** What the failed call threw (an HttpError carries the body's `{error}`), or nothing. */
  error: unknown;
  /** Display names for fields, e.g. `{ profitRate: 'Profit Rate' }`; unknown fields show their key. */
  labels?: Record<string, string>;
}

/**
 * The spec's 'Validation Errors' card: one line per field ('field: message') or the one string the server
 * sent; 'Some error occurred.' when the answer carried no error (5xx, network failure).
 */
export function ValidationErrors({ error, labels = {} }: ValidationErrorsProps) {
  if (!error) return null;
  const body = error instanceof HttpError ? error.error : undefined;
  const lines =
    typeof body === 'string'
      ? [body]
      : body
        ? Object.entries(body).map(([field, message]) => `${labels[field] ?? field}: ${message}`)
        : ['Some error occurred.'];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title="Validation Errors"
      description={
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 16 }}
    />
  );
}
