import { Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { UploadKinds } from '@console/shared/uploads';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { columnNames as cols, useUploadTarget } from '../../components/upload-target.tsx';
import { pmtaRelaysKey } from '../api/pmta-relays.ts';

const done = (name: string, n: number) => `File ${name} processing completed! Uploaded ${n} relays.`;

/** 'ver 1' (into the chosen server and group) and 'ver 2' (server and group per line) relay uploads. */
export function RelayUploads({ ownerId }: { ownerId?: number }) {
  const client = useQueryClient();
  const target = useUploadTarget('pmta', ownerId);
  const refresh = () => void client.invalidateQueries({ queryKey: pmtaRelaysKey });
  const common = {
    action: '/upload_pmta_relays',
    fileField: 'relays',
    doneText: done,
    onFinished: refresh,
    fieldLabels: { relays: 'File', serverId: 'Pmta Server', groupId: 'Relay Group' },
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <FileUploadsCard
        {...common}
        kind={UploadKinds.pmtaRelays}
        title="Upload relays (ver 1)"
        data={target.data}
        disabledReason={!target.chosen ? 'Choose the PMTA server and the relay group first.' : undefined}
        hint={
          <Space direction="vertical" style={{ width: '100%' }}>
            {target.picker()}
            <Typography.Text type="secondary">
              Comma-separated with a header row: {cols(['smtpHost', 'ip', 'senderEmail'])} required,{' '}
              {cols(['active', 'withoutVmta'])} optional (active: true when blank). Any bad line stops the whole file.
            </Typography.Text>
          </Space>
        }
      />
      <FileUploadsCard
        {...common}
        kind={UploadKinds.pmtaRelaysAllIn}
        title="Upload relays (ver 2)"
        data={{ allIn: 1 }}
        hint={
          <Typography.Text type="secondary">
            As ver 1, with {cols(['pmtaServerId', 'pmtaRelayGroupId'])} on every line: each server and group must be
            yours (one owner's, for administrators).
          </Typography.Text>
        }
      />
    </Space>
  );
}
