import { useState } from 'react';
import { Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { SMTP_RELAY_COLUMNS } from '@console/shared/smtp-relays';
import { UploadKinds } from '@console/shared/uploads';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { smtpRelaysKey } from '../api/smtp-relays.ts';

const cols = (names: readonly string[]) =>
  names.map((c) => (
    <Typography.Text code key={c}>
      {c}
    </Typography.Text>
  ));

/** 'Upload a list': SMTP server and relay group of the owner, a CSV, the files being processed. */
export function RelayUpload({ ownerId }: { ownerId?: number }) {
  const client = useQueryClient();
  const [serverId, setServerId] = useState<number>();
  const [groupId, setGroupId] = useState<number>();
  const enabled = ownerId !== undefined;
  const servers = useSelectOptions('/smtp_servers', { 'user.id': ownerId }, enabled);
  const groups = useSelectOptions('/smtp_relay_groups', { 'archive[exists]': 'false', 'user.id': ownerId }, enabled);
  return (
    <FileUploadsCard
      kind={UploadKinds.smtpRelays}
      title="Upload a list"
      action="/upload_smtp_relays"
      fileField="relays"
      accept=".csv,text/csv"
      data={{ serverId, groupId }}
      fieldLabels={{ relays: 'File', serverId: 'SMTP Server', groupId: 'Relay Group' }}
      doneText={(name, n) => `File ${name} processing completed! Uploaded ${n} relays.`}
      onFinished={() => void client.invalidateQueries({ queryKey: smtpRelaysKey })}
      disabledReason={
        !enabled
          ? 'Choose the owner first.'
          : !serverId || !groupId
            ? 'Choose the SMTP server and the relay group first.'
            : undefined
      }
      hint={
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space wrap>
            <Select
              aria-label="Upload server"
              placeholder="SMTP server"
              options={servers.data}
              value={serverId}
              onChange={setServerId}
              disabled={!enabled}
              style={{ minWidth: 180 }}
            />
            <Select
              aria-label="Upload group"
              placeholder="Relay group"
              options={groups.data}
              value={groupId}
              onChange={setGroupId}
              disabled={!enabled}
              style={{ minWidth: 180 }}
            />
          </Space>
          <Typography.Text type="secondary">
            Comma-separated with a header row: {cols(SMTP_RELAY_COLUMNS.required)} required,{' '}
            {cols(SMTP_RELAY_COLUMNS.optional)} optional (true when blank). Any bad line stops the whole file.
          </Typography.Text>
        </Space>
      }
    />
  );
}
