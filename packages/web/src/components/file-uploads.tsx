import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Card, Empty, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { UploadTopics, type UploadFileEvent } from '@console/shared/hub';
import type { FileAccepted, UploadedFile, UploadKind, UploadKinds } from '@console/shared/uploads';
import { toast } from '@/components/feedback.tsx';
import { RowCap } from '@/components/row-cap.tsx';
import { HttpError, http } from '@/lib/http.ts';
import { useLiveEvent } from '@/lib/live.ts';
import { uploadMultipart } from '@/lib/upload.ts';

/** Kinds whose topic carries spec 2's file message ({fileId, completion, error, createdCount}). */
type FileKind = Exclude<UploadKind, typeof UploadKinds.emails>;

export interface FileUploadsCardProps {
  /** The spec's upload kind (shared/uploads.ts UploadKinds): its topic and its GET upload_files?type=. */
  kind: FileKind;
  title?: ReactNode;
  /** API path of the multipart POST, e.g. '/add-socks-proxies'. */
  action: string;
  /** The file's multipart field, e.g. 'socksProxies'. */
  fileField: string;
  /** Fields sent before the file (the chosen server, group, owner); undefined ones are left out. */
  data?: Record<string, string | number | boolean | null | undefined>;
  accept?: string;
  /** Instructions under the drop zone (header, separator, columns). */
  hint?: ReactNode;
  /** Why the card cannot send yet (no server chosen...): shown instead of the drop zone. */
  disabledReason?: string;
  /** Labels for the answer's error fields, e.g. `{ relays: 'File', serverId: 'Pmta Server' }`. */
  fieldLabels?: Record<string, string>;
  /** The success notice, e.g. `File ${name} processing completed! Created ${n} servers.` */
  doneText?: (name: string, createdCount: number) => string;
  /** A file finished (the list that shows its rows reloads). */
  onFinished?: (event: UploadFileEvent) => void;
  /** Only the files being processed, no drop zone (a list screen whose files are sent from another). */
  progressOnly?: boolean;
}

export const uploadFilesKey = (kind: UploadKind) => ['upload-files', kind] as const;

/** GET /api/upload_files?type=: the caller's files of a kind still being processed. */
export const useUploadFiles = (kind: UploadKind) =>
  useQuery({
    queryKey: uploadFilesKey(kind),
    queryFn: () => http.get<UploadedFile[]>('/upload_files', { query: { type: kind } }),
  });

function errorLines(e: unknown, labels: Record<string, string>): string[] {
  const error = e instanceof HttpError ? e.error : undefined;
  if (typeof error === 'string') return [error];
  if (error) return Object.entries(error).map(([k, v]) => `${labels[k] ?? k}: ${v}`);
  return ['Some error occurred.'];
}

/**
 * Spec 2's upload card: a CSV drop zone and the list of this kind's files being processed, each with its
 * live percentage. The list is loaded at mount (files still running from an earlier visit come back) and
 * follows the kind's topic: a failed file shows 'File {name} processing error: {error}', a finished one
 * the success text; either way it leaves the list. Several files may run at once.
 */
export function FileUploadsCard(props: FileUploadsCardProps) {
  const { kind, title = 'Upload a list', action, fileField, data = {}, accept = '.csv,text/csv', hint } = props;
  const client = useQueryClient();
  const key = uploadFilesKey(kind);
  const files = useUploadFiles(kind);
  const [sending, setSending] = useState<{ name: string; percent: number } | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  // Messages about files whose upload answer has not arrived yet (a small file can finish first).
  const early = useRef(new Map<number, UploadFileEvent>());
  const names = useRef(new Map<number, string>());
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });

  const setFiles = (update: (list: UploadedFile[]) => UploadedFile[]) =>
    client.setQueryData<UploadedFile[]>(key, (list) => update(list ?? []));

  function apply(e: UploadFileEvent) {
    const list = client.getQueryData<UploadedFile[]>(key) ?? [];
    const file = list.find((f) => f.id === e.fileId);
    const name = file?.originalName ?? names.current.get(e.fileId);
    if (!name) {
      early.current.set(e.fileId, e);
      return;
    }
    if (e.error !== null || e.createdCount !== null) {
      setFiles((l) => l.filter((f) => f.id !== e.fileId));
      if (e.error !== null) toast.error(`File ${name} processing error: ${e.error}`);
      else toast.success(latest.current.doneText?.(name, e.createdCount ?? 0) ?? `File ${name} is processed!`);
      latest.current.onFinished?.(e);
    } else {
      setFiles((l) => l.map((f) => (f.id === e.fileId ? { ...f, completion: e.completion } : f)));
    }
  }

  useLiveEvent(UploadTopics[kind], (e) => apply(e as UploadFileEvent));

  async function send(file: File) {
    setErrors([]);
    const body = new FormData();
    for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) body.append(k, String(v));
    body.append(fileField, file);
    setSending({ name: file.name, percent: 0 });
    try {
      const answer = await uploadMultipart<FileAccepted>(action, body, {
        onProgress: (percent) => setSending((s) => s && { ...s, percent }),
      });
      names.current.set(answer.id, answer.originalName);
      setFiles((l) => [{ id: answer.id, originalName: answer.originalName, completion: 0 }, ...l]);
      toast.info(answer.message);
      const pending = early.current.get(answer.id);
      early.current.delete(answer.id);
      if (pending) apply(pending);
    } catch (e) {
      setErrors(errorLines(e, props.fieldLabels ?? {}));
    } finally {
      setSending(null);
    }
  }

  const list = files.data ?? [];
  return (
    <Card title={title} size="small">
      {errors.length > 0 && (
        <Alert type="error" showIcon role="alert" style={{ marginBottom: 12 }} title={errors.join('\n')} />
      )}
      {props.progressOnly ? null : props.disabledReason ? (
        <Alert type="info" title={props.disabledReason} />
      ) : (
        <Upload.Dragger
          accept={accept}
          multiple={false}
          disabled={sending !== null}
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
          <p className="ant-upload-text">Click or drag a CSV file here to upload</p>
          <p className="ant-upload-hint">
            <RowCap kind={kind} />
          </p>
        </Upload.Dragger>
      )}
      {sending && (
        <div role="status" style={{ marginTop: 12 }}>
          <Typography.Text>Uploading {sending.name}</Typography.Text>
          <Progress percent={sending.percent} status="active" />
        </div>
      )}
      <div aria-label="Files being processed" style={{ marginTop: 12 }}>
        {list.map((f) => (
          <div key={f.id} role="status">
            <Typography.Text>Processing {f.originalName}</Typography.Text>
            <Progress percent={f.completion} status="active" />
          </div>
        ))}
        {list.length === 0 && !sending && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No files being processed" />
        )}
      </div>
      {hint && <div style={{ marginTop: 12 }}>{hint}</div>}
    </Card>
  );
}
