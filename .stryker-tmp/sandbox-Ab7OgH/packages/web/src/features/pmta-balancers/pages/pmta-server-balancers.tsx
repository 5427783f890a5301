// @ts-nocheck
import { useState } from 'react';
import { Button, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, SyncOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link, Navigate } from 'react-router';
import { BalancerMessages as M, type BalancerEntry, type BalancerStatus } from '@console/shared/pmta-balancers';
import { DataTable } from '@/components/data-table.tsx';
import { confirmDelete, errorDialog, toast } from '@/components/feedback.tsx';
import { Page } from '@/components/page.tsx';
import { DeleteButton } from '@/components/row-actions.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { href } from '@/lib/routes.ts';
import {
  pmtaBalancersKey,
  syncBalancers,
  useBalancers,
  useBalancersServer,
  useDeleteBalancer,
} from '../api/pmta-balancers.ts';

/** Spec 2: uploaded green, upload failed red, removed warning. */
const STATUS_COLORS: Record<BalancerStatus, string> = {
  uploaded: 'success',
  'upload failed': 'error',
  removed: 'warning',
};

/**
 * PMTA Server Balancers: each mail service setting as the server carries it. Sync uploads every setting
 * and then reloads the list (also after a failure: the entries then say 'upload failed'); Delete takes one
 * setting off the server and is hidden once it is removed.
 */
export function PmtaServerBalancers() {
  const routeId = useRouteId();
  const id = typeof routeId === 'number' ? routeId : undefined;
  const server = useBalancersServer(id);
  const balancers = useBalancers(id);
  const remove = useDeleteBalancer();
  const client = useQueryClient();
  const [syncing, setSyncing] = useState(false);
  if (routeId === 'malformed' || id === undefined) return <Navigate to={href('error404')} replace />;

  async function sync() {
    setSyncing(true);
    try {
      await syncBalancers(id!);
      toast.success(M.synced);
    } catch (e) {
      errorDialog(e); // 'Oops...' with the server's 'Error: ...', as the server's config upload
    } finally {
      await client.invalidateQueries({ queryKey: pmtaBalancersKey });
      setSyncing(false);
    }
  }

  const askDelete = (b: BalancerEntry) =>
    // The dialog stays open with the server's 'Error: ...' when the upload fails (the entry is unchanged).
    confirmDelete(
      `Balancer ${b.balancerName} will be removed from the server's configuration.`,
      () => remove.mutateAsync(b.id),
      '',
    );

  const data = balancers.data && { items: balancers.data, totalItems: balancers.data.length };
  return (
    <Page
      title={
        <>
          PMTA Server Balancers
          {server.data && (
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginLeft: 12 }}>
              #{server.data.id} {server.data.name} ({server.data.serverIp})
            </Typography.Text>
          )}
        </>
      }
      extra={
        <Space wrap>
          <Button type="primary" icon={<SyncOutlined spin={syncing} />} loading={syncing} onClick={() => void sync()}>
            Sync
          </Button>
          <Link to={href('pmtaServers')}>
            <Button icon={<ArrowLeftOutlined />}>Back to PMTA Servers</Button>
          </Link>
        </Space>
      }
    >
      <DataTable<BalancerEntry>
        data={data}
        loading={balancers.isFetching}
        error={balancers.error ?? undefined}
        retry={() => void balancers.refetch()}
        page={1}
        pageSize={Math.max(1, data?.totalItems ?? 1)}
        onChange={() => {}}
        emptyText={M.empty}
        columns={[
          { title: 'ID', dataIndex: 'id', key: 'id', width: 80 },
          { title: 'Balancer', dataIndex: 'balancerName', key: 'balancerName' },
          {
            title: 'Status',
            key: 'status',
            width: 120,
            render: (_, b) => (
              <Tag color={STATUS_COLORS[b.status]} data-testid="balancer-status">
                {b.status}
              </Tag>
            ),
          },
          {
            title: 'Comment',
            dataIndex: 'comment',
            key: 'comment',
            width: 400, // long comments (errors, domain lists) wrap rather than push Actions off screen
            render: (c: string) => <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>{c}</span>,
          },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_, b) =>
              b.status !== 'removed' && (
                <DeleteButton label={`Delete balancer ${b.balancerName}`} onClick={() => void askDelete(b)} />
              ),
          },
        ]}
      />
    </Page>
  );
}
