import { Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SMTP_RELAY_COLUMNS } from '@console/shared/smtp-relays';
import { UploadKinds } from '@console/shared/uploads';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { columnNames as cols, useUploadTarget } from '../../components/upload-target.tsx';
import { smtpRelaysKey } from '../api/smtp-relays.ts';

/** 'Upload a list': SMTP server and relay group of the owner, a CSV, the files being processed. */
export function RelayUpload({ ownerId }: { ownerId?: number }) {
  const client = useQueryClient();
  const enabled = ownerId !== undefined;
  const target = useUploadTarget('smtp', ownerId, enabled);
  return (
    <FileUploadsCard
      kind={UploadKinds.smtpRelays}
      title="Upload a list"
      action="/upload_smtp_relays"
      fileField="relays"
      accept=".csv,text/csv"
      data={target.data}
      fieldLabels={{ relays: 'File', serverId: 'SMTP Server', groupId: 'Relay Group' }}
      doneText={(name, n) => `File ${name} processing completed! Uploaded ${n} relays.`}
      onFinished={() => void client.invalidateQueries({ queryKey: smtpRelaysKey })}
      disabledReason={
        !enabled
          ? 'Choose the owner first.'
          : !target.chosen
            ? 'Choose the SMTP server and the relay group first.'
            : undefined
      }
      hint={
        <Space direction="vertical" style={{ width: '100%' }}>
          {target.picker(!enabled)}
          <Typography.Text type="secondary">
            Comma-separated with a header row: {cols(SMTP_RELAY_COLUMNS.required)} required,{' '}
            {cols(SMTP_RELAY_COLUMNS.optional)} optional (true when blank). Any bad line stops the whole file.
          </Typography.Text>
        </Space>
      }
    />
  );
}
