import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Card, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { Topic } from '@console/shared/hub';
import type { UploadKind } from '@console/shared/uploads';
import { RowCap } from '@/components/row-cap.tsx';
import { HttpError } from '@/lib/http.ts';
import { liveHub } from '@/lib/live.ts';
import { uploadMultipart } from '@/lib/upload.ts';

/** How the card follows the server-side job that the upload started, through the live hub. */
export interface UploadProgress<A, E> {
  topic: Topic;
  /** Whether a live message is about this upload (e.g. `e.emailListId === listId`). */
  match: (event: E, answer: A) => boolean;
  percent: (event: E) => number;
  /** The job has ended (e.g. `typeof e.jobId !== 'number'`). */
  done: (event: E) => boolean;
}

export interface UploadCardProps<A = unknown, E = unknown> {
  title?: ReactNode;
  /** API path of the multipart POST, e.g. '/add-emails'. */
  action: string;
  /** The file's multipart field name. */
  fileField?: string;
  /** Extra multipart fields sent before the file, e.g. `{ emailListId: 7 }`. */
  data?: Record<string, string | number | undefined>;
  /** Accepted types as in <input accept>; files that match none are refused before sending. */
  accept?: string;
  /** Instructions under the drop zone (columns, separator...). */
  hint?: ReactNode;
  /** The upload kind: its row cap is told under the drop zone ("At most N rows per file."). */
  kind?: UploadKind;
  disabled?: boolean;
  /** Names for the error fields of the answer, e.g. `{ emails: 'File', emailListId: 'Email List' }`. */
  fieldLabels?: Record<string, string>;
  progress?: UploadProgress<A, E>;
  /** The request was accepted (2xx) with this answer. */
  onUploaded?: (answer: A) => void;
  /** The live job reported its end. */
  onDone?: (event: E) => void;
}

type Phase =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number; file: string }
  | { kind: 'processing'; percent: number; file: string };

function accepts(file: File, accept: string): boolean {
  const name = file.name.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .some((a) =>
      a.startsWith('.')
        ? name.endsWith(a)
        : a === file.type || (a.endsWith('/*') && file.type.startsWith(a.slice(0, -1))),
    );
}

function errorText(e: unknown, labels: Record<string, string>): string[] {
  const error = e instanceof HttpError ? e.error : undefined;
  if (typeof error === 'string') return [error];
  if (error) return Object.entries(error).map(([k, v]) => `${labels[k] ?? k}: ${v}`);
  return ['Sorry, some error occurred.'];
}

/** A drop zone that posts one file with request progress, then shows the server job's live progress. */
export function UploadCard<A = unknown, E = unknown>(props: UploadCardProps<A, E>) {
  const {
    title = 'Upload a list',
    action,
    fileField = 'file',
    data = {},
    accept = '.csv,text/csv',
    hint,
    disabled,
  } = props;
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [errors, setErrors] = useState<string[]>([]);
  const answer = useRef<{ value: A } | null>(null);
  const early = useRef<E[]>([]);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  function apply(e: E) {
    const progress = latest.current.progress;
    if (!progress || !answer.current || !progress.match(e, answer.current.value)) return;
    if (progress.done(e)) {
      setPhase({ kind: 'idle' });
      latest.current.onDone?.(e);
    } else {
      setPhase((p) => (p.kind === 'processing' ? { ...p, percent: Math.round(progress.percent(e)) } : p));
    }
  }

  // Listen from the moment the file leaves: a fast job may report before the request is answered.
  const busy = phase.kind !== 'idle';
  useEffect(() => {
    const progress = latest.current.progress;
    if (!busy || !progress) return;
    return liveHub.subscribe(progress.topic, (raw) =>
      answer.current ? apply(raw as E) : early.current.push(raw as E),
    );
    // One subscription per upload: `apply` reads the latest props through refs, so it need not resubscribe.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [busy]);

  async function send(file: File) {
    setErrors([]);
    if (!accepts(file, accept)) return setErrors([`File: only ${accept} files are accepted.`]);
    const body = new FormData();
    for (const [k, v] of Object.entries(data)) if (v !== undefined) body.append(k, String(v));
    body.append(fileField, file);
    answer.current = null;
    early.current = [];
    setPhase({ kind: 'sending', percent: 0, file: file.name });
    try {
      const result = await uploadMultipart<A>(action, body, {
        onProgress: (percent) => setPhase((p) => (p.kind === 'sending' ? { ...p, percent } : p)),
      });
      answer.current = { value: result };
      setPhase(props.progress ? { kind: 'processing', percent: 0, file: file.name } : { kind: 'idle' });
      props.onUploaded?.(result);
      for (const e of early.current.splice(0)) apply(e);
    } catch (e) {
      setPhase({ kind: 'idle' });
      setErrors(errorText(e, props.fieldLabels ?? {}));
    }
  }

  return (
    <Card title={title} size="small">
      {errors.length > 0 && (
        <Alert type="warning" showIcon role="alert" style={{ marginBottom: 12 }} title={errors.join('\n')} />
      )}
      {phase.kind === 'idle' ? (
        <Upload.Dragger
          accept={accept}
          multiple={false}
          disabled={disabled}
          showUploadList={false}
          fileList={[]}
          beforeUpload={(file) => {
            void send(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">Click or drag a file here to upload</p>
          <p className="ant-upload-hint">{accept}</p>
          {props.kind !== undefined && (
            <p className="ant-upload-hint">
              <RowCap kind={props.kind} />
            </p>
          )}
        </Upload.Dragger>
      ) : (
        <div role="status">
          <Typography.Text>
            {phase.kind === 'sending' ? 'Uploading' : 'Processing'} {phase.file}
          </Typography.Text>
          <Progress percent={phase.percent} status="active" />
        </div>
      )}
      {hint && <div style={{ marginTop: 12 }}>{hint}</div>}
    </Card>
  );
}
