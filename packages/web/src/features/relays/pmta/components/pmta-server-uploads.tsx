import { useState } from 'react';
import { Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { PMTA_SERVER_COLUMNS as C, PmtaServerUploadTypes } from '@console/shared/pmta-servers';
import { UploadKinds } from '@console/shared/uploads';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { useIsAdmin } from '@/lib/session.ts';
import { pmtaServersKey } from '../api/pmta-servers.ts';

// One chip per column, so that a long list wraps.
const code = (cols: readonly string[]) =>
  cols.map((c) => (
    <Typography.Text code key={c}>
      {c}
    </Typography.Text>
  ));

/** 'Upload Servers' and 'Upload Servers With Relays': colon-separated files with a header row. */
export function PmtaServerUploads() {
  const isAdmin = useIsAdmin();
  const client = useQueryClient();
  const [owner, setOwner] = useState<number | undefined>();
  const refresh = () => void client.invalidateQueries({ queryKey: pmtaServersKey });
  const done = (name: string, n: number) => `File ${name} processing completed! Created ${n} servers.`;
  const common = {
    action: '/upload_pmta_servers',
    fileField: 'servers',
    fieldLabels: { servers: 'File', ownerId: 'Owner', type: 'Type' },
    doneText: done,
    onFinished: refresh,
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {isAdmin && (
        <OwnerSelect
          aria-label="Upload for"
          placeholder="Upload for: me"
          value={owner}
          onChange={(v) => setOwner(v ?? undefined)}
          style={{ width: '100%' }}
        />
      )}
      <FileUploadsCard
        {...common}
        kind={UploadKinds.pmtaServersSimple}
        title="Upload Servers"
        data={{ type: PmtaServerUploadTypes.simple, ownerId: owner }}
        hint={
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Colon-separated, with a header row naming the columns: {code(C.required)} are required; {code(C.optional)}{' '}
            are optional (blank: the form&apos;s defaults; ownerId for administrators). A server whose IP you already
            have is kept as it is. Any bad line stops the whole file.
          </Typography.Paragraph>
        }
      />
      <FileUploadsCard
        {...common}
        kind={UploadKinds.pmtaServersWithRelays}
        title="Upload Servers With Relays"
        data={{ type: PmtaServerUploadTypes.withRelay, ownerId: owner }}
        hint={
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            One line per relay: the server columns, then {code(C.relayRequired)} and optionally {code(C.relayOptional)}{' '}
            (active: true when blank). Lines with the same server IP make one server; the relay group must be one of the
            owner&apos;s current groups.
          </Typography.Paragraph>
        }
      />
    </Space>
  );
}
