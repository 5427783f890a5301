// @ts-nocheck
import { useState } from 'react';
import { App, Button, Flex } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import {
  TROUBLE_NAMES,
  type TroubleEntry,
  type TroubleName,
  type TroubleReportBody,
} from '@console/shared/pmta-trouble-report';
import { DataTable } from '@/components/data-table.tsx';
import { EmptyState } from '@/components/empty-state.tsx';
import { errorDialog } from '@/components/feedback.tsx';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { Page } from '@/components/page.tsx';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { recheckServer, troubleReportKey, useTroubleReport } from '../api/pmta-trouble-report.ts';
import { recheckDialog } from '../components/recheck-result.tsx';
import { TroubleHelp } from '../components/trouble-help.tsx';
import { TroubleIcon } from '../components/trouble-icon.tsx';

/** The icon columns' titles (the full labels are in the icons' names and tooltips). */
const TITLES: Record<TroubleName, string> = {
  online: 'Online',
  service: 'Service',
  http: 'HTTP',
  campaigns: 'Campaigns',
  config: 'Config',
  queues: 'Queues',
  tracker: 'Links',
};
/** Table column key -> the call's orderBy. */
const ORDER_BY = { pmtaServerId: 'id', pmtaServerName: 'name', pmtaServerIp: 'ip' } as const;

/**
 * PMTA Trouble Report (spec 3): administrators choose a user (or all), Get shows each server's last checks,
 * Recheck checks one server now and says what is wrong ('Existing PMTA troubles') or 'No trouble'.
 */
export function PmtaTroubleReport() {
  const isAdmin = useIsAdmin();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number>();
  const [order, setOrder] = useState<SortOrder>({ field: 'pmtaServerId', dir: 'asc' });
  const [body, setBody] = useState<TroubleReportBody>();
  const [rechecking, setRechecking] = useState<number>();
  const report = useTroubleReport(body);

  const bodyFor = (o: SortOrder, user = body?.userId) => ({
    ...(isAdmin && user ? { userId: user } : {}),
    orderBy: ORDER_BY[o.field as keyof typeof ORDER_BY] ?? 'id',
    asc: o.dir === 'asc',
  });
  const get = () => {
    setBody(bodyFor(order, userId));
    void client.invalidateQueries({ queryKey: troubleReportKey });
  };

  async function recheck(entry: TroubleEntry) {
    setRechecking(entry.pmtaServerId);
    try {
      const answer = await recheckServer(entry.pmtaServerId);
      await client.invalidateQueries({ queryKey: troubleReportKey });
      const { title, content } = recheckDialog(answer);
      (answer.troubles.length ? modal.warning : modal.success)({ title, content, width: 600 });
    } catch (e) {
      errorDialog(e);
    } finally {
      setRechecking(undefined);
    }
  }

  const rows = report.data?.report;
  return (
    <Page title="PMTA Trouble Report">
      <Flex gap={8} wrap style={{ marginBottom: 16 }}>
        {isAdmin && <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />}
        <Button type="primary" icon={<SearchOutlined />} onClick={get} loading={report.isFetching}>
          Get
        </Button>
      </Flex>
      <TroubleHelp />
      {body === undefined ? (
        <EmptyState description='Click on "Get" to get the data.' />
      ) : (
        <DataTable<TroubleEntry>
          data={rows && { items: rows, totalItems: rows.length }}
          loading={report.isFetching}
          error={report.error ?? undefined}
          retry={() => void report.refetch()}
          page={1}
          pageSize={Math.max(1, rows?.length ?? 1)}
          order={order}
          onChange={({ order: next }) => {
            const o = next ?? { field: 'pmtaServerId', dir: 'asc' };
            setOrder(o);
            setBody(bodyFor(o));
          }}
          rowKey="pmtaServerId"
          emptyText="Nothing to show."
          columns={[
            { title: 'ID', dataIndex: 'pmtaServerId', key: 'pmtaServerId', width: 80, sorter: true },
            {
              title: 'Name',
              key: 'pmtaServerName',
              sorter: true,
              render: (_, e) => <Link to={href('pmtaServerEdit', { id: e.pmtaServerId })}>{e.pmtaServerName}</Link>,
            },
            { title: 'IP', dataIndex: 'pmtaServerIp', key: 'pmtaServerIp', sorter: true },
            ...TROUBLE_NAMES.map((name) => ({
              title: TITLES[name],
              key: name,
              align: 'center' as const,
              render: (_: unknown, e: TroubleEntry) => <TroubleIcon entry={e} name={name} />,
            })),
            {
              title: 'Actions',
              key: 'actions',
              fixed: 'right',
              render: (_, e) => (
                <Button
                  size="small"
                  icon={<ReloadOutlined />}
                  aria-label={`Recheck ${e.pmtaServerName}`}
                  loading={rechecking === e.pmtaServerId}
                  disabled={rechecking !== undefined && rechecking !== e.pmtaServerId}
                  onClick={() => void recheck(e)}
                >
                  Recheck
                </Button>
              ),
            },
          ]}
        />
      )}
    </Page>
  );
}
