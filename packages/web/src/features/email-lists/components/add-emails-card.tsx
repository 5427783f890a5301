import { Typography } from 'antd';
import type { EmailListUploadEvent } from '@console/shared/hub';
import { EmailListMessages, type UploadAccepted } from '@console/shared/email-lists';
import { UploadContext } from '@console/shared/enums';
import { UploadCard } from '@/components/upload-card.tsx';
import { toast } from '@/components/feedback.tsx';
import { isUploading } from '../api/email-lists.ts';

export interface AddEmailsCardProps {
  emailListId: number;
  title?: string;
  disabled?: boolean;
  /** The server accepted the file; its import now runs as the list's job. */
  onUploaded?: (answer: UploadAccepted) => void;
  /** The import has ended. */
  onDone?: () => void;
}

/**
 * POST /api/add-emails (multipart: emailListId, context 5 = emails, the file as `emails`), then the job's
 * live percent until the list is idle again. Errors: the server's message, 'File: ...' for the file,
 * 'Email List: ...' for the list, otherwise 'Sorry, some error occurred.' (the card's wording).
 */
export function AddEmailsCard({
  emailListId,
  title = 'Upload emails (CSV)',
  disabled,
  onUploaded,
  onDone,
}: AddEmailsCardProps) {
  return (
    <UploadCard<UploadAccepted, EmailListUploadEvent>
      title={title}
      action="/add-emails"
      fileField="emails"
      kind={UploadContext.emails}
      data={{ emailListId, context: UploadContext.emails }}
      accept=".csv,text/csv"
      disabled={disabled}
      fieldLabels={{ emails: 'File', emailListId: 'Email List' }}
      hint={
        <Typography.Text type="secondary">
          CSV with a header row, comma separated: <Typography.Text code>email</Typography.Text> is required;{' '}
          <Typography.Text code>name</Typography.Text>, <Typography.Text code>surname</Typography.Text>,{' '}
          <Typography.Text code>birthYear</Typography.Text>, <Typography.Text code>city</Typography.Text> and{' '}
          <Typography.Text code>geo</Typography.Text> are optional.
        </Typography.Text>
      }
      progress={{
        topic: 'email-list-upload',
        // Followed like the list itself: busy until the list is idle (a second upload queued meanwhile
        // becomes the list's job when this one ends, and the card keeps showing until that one ends too).
        match: (e) => e.emailListId === emailListId,
        percent: (e) => e.completion,
        done: (e) => !isUploading(e.jobId),
      }}
      onUploaded={(answer) => {
        toast.success(EmailListMessages.uploadAccepted);
        onUploaded?.(answer);
      }}
      onDone={() => onDone?.()}
    />
  );
}
