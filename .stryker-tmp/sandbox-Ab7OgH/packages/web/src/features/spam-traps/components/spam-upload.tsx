// @ts-nocheck
import { Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { UploadKinds } from '@console/shared/uploads';
import { FileUploadsCard } from '@/components/file-uploads.tsx';

const KINDS = {
  domains: {
    kind: UploadKinds.spamDomains,
    action: '/add-spam-domains',
    field: 'spam_domains',
    key: 'mail_provider_domains',
    what: 'spam-trap domains',
    hint: 'A csv file with one domain per line, no header.',
  },
  emails: {
    kind: UploadKinds.spamEmails,
    action: '/add-spam-emails',
    field: 'spam_emails',
    key: 'spam_emails',
    what: 'spam-trap e-mails',
    hint: 'A csv file of lines email,info (info may be empty), no header.',
  },
  mxs: {
    kind: UploadKinds.spamMxs,
    action: '/add-spam-mxs',
    field: 'spam_mxs',
    key: 'dns_records',
    what: 'spam-trap MX servers',
    hint: 'A csv file with one MX server per line, no header.',
  },
} as const;

/** The spam list's upload card: the file, its live progress, the list and the e-mail lists refreshed after. */
export function SpamUpload({ list }: { list: keyof typeof KINDS }) {
  const client = useQueryClient();
  const k = KINDS[list];
  return (
    <FileUploadsCard
      kind={k.kind}
      title="Upload a file"
      action={k.action}
      fileField={k.field}
      fieldLabels={{ [k.field]: 'File' }}
      doneText={(name, n) => `File ${name} is processed! Added ${n} ${k.what}.`}
      onFinished={() => {
        void client.invalidateQueries({ queryKey: [k.key] });
        void client.invalidateQueries({ queryKey: ['email_lists'] });
      }}
      hint={<Typography.Text type="secondary">{k.hint} Any bad line stops the whole file.</Typography.Text>}
    />
  );
}
