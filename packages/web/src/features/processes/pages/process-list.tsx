import { Alert, Table, Tag, Typography } from 'antd';
import { LIVE_SECONDS, ProcessMessages, type ProcessItem } from '@console/shared/processes';
import { Page } from '@/components/page.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton } from '@/components/row-actions.tsx';
import { useProcesses, useRemoveProcess } from '../api/processes.ts';

const when = (iso: string) => new Date(iso).toISOString().replace('T', ' ').slice(0, 19);
const ago = (iso: string) => `${Math.max(0, Math.round((Date.now() - Date.parse(iso)) / 1000))} s ago`;

/**
 * Processes (issue 23): every console process (API, worker, tracker) with its last heartbeat. A process
 * whose beat is older than LIVE_SECONDS is not responding (killed, or cut from the database: a clean stop
 * removes its row); an administrator removes such a row, else it goes after PRUNE_HOURS (decision 1341).
 */
export function ProcessList() {
  const processes = useProcesses();
  const items = processes.data?.items ?? [];
  const senders = items.filter((p) => p.live && p.sending).length;
  const remove = useRemoveProcess();
  const name = (p: ProcessItem) => `${p.role} process ${p.pid} on ${p.host}`;
  return (
    <Page title="Processes">
      {processes.isSuccess && !senders && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="no-sender"
          message={ProcessMessages.noSender}
          description={ProcessMessages.noSenderHelp}
        />
      )}
      <Table<ProcessItem>
        size="small"
        rowKey="id"
        loading={processes.isLoading}
        pagination={false}
        dataSource={items}
        scroll={{ x: 'max-content' }}
        data-testid="processes"
        columns={[
          {
            title: 'State',
            key: 'state',
            render: (_, p) =>
              p.live ? (
                <Tag color="success">{p.sending ? 'Sending' : 'Running'}</Tag>
              ) : (
                <Tag color="error" title={`No beat for more than ${LIVE_SECONDS} s`}>
                  Not responding
                </Tag>
              ),
          },
          { title: 'Role', dataIndex: 'role', key: 'role' },
          { title: 'Host', dataIndex: 'host', key: 'host' },
          { title: 'PID', dataIndex: 'pid', key: 'pid', align: 'right' },
          { title: 'Version', dataIndex: 'version', key: 'version' },
          { title: 'Started (UTC)', key: 'started', render: (_, p) => when(p.started) },
          { title: 'Last beat', key: 'lastBeat', render: (_, p) => ago(p.lastBeat) },
          {
            title: 'In flight',
            key: 'inFlight',
            align: 'right',
            render: (_, p) => p.inFlight.toLocaleString('en-US'),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, p) =>
              p.live ? null : (
                <DeleteButton
                  label={`Remove ${name(p)}`}
                  onClick={() =>
                    void confirmDelete(`The ${name(p)} is not responding.`, () => remove.mutateAsync(p.id))
                  }
                />
              ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }} data-testid="processes-pruned">
        {ProcessMessages.pruned}
      </Typography.Paragraph>
    </Page>
  );
}
