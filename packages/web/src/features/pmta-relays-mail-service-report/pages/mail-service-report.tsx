import { useState } from 'react';
import { Flex, Input, Select, Tooltip, Typography, theme } from 'antd';
import { PauseCircleFilled } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table/interface';
import { Link } from 'react-router';
import type {
  MailServiceReportBody,
  MailServiceReportOrder,
  MailServiceReportRow,
} from '@console/shared/pmta-relays-mail-service-report';
import { ReportTexts, money } from '@console/shared/reports';
import { ReportTable } from '@/components/reports/report-table.tsx';
import { DescriptionCell } from '@/components/relay-description-cell.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange, type ReportRange } from '@/components/reports/report-range.tsx';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { RelayGroupSelect } from '@/components/reports/relay-group-select.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { useMailServiceReport } from '../api/pmta-relays-mail-service-report.ts';
import { SpeedCell } from '../components/speed-cell.tsx';
import { SwitchCell } from '../components/switch-cell.tsx';

/** Report tables: a new column starts descending, then toggles (spec 3 §4; this report defaults to descending). */
const SORT: { sorter: true; sortDirections: ('descend' | 'ascend')[] } = {
  sorter: true,
  sortDirections: ['descend', 'ascend', 'descend'],
};
const FIRST_ORDER: SortOrder = { field: 'delivered', dir: 'desc' };
const count = (n: number) => n.toLocaleString('en-US');
type Row = MailServiceReportRow;

/** A long column title on two lines (the table is wide). */
const twoLines = (title: string) => (
  <span style={{ display: 'inline-block', width: 72, whiteSpace: 'normal' }}>{title}</span>
);

/** 'Delivered / Last Hour': the range's figure, then the last hour's. */
const withLastHour = (range: number, lastHour: number) => (
  <span style={{ whiteSpace: 'nowrap' }}>
    {count(range)} <Typography.Text type="secondary">/ {count(lastHour)}</Typography.Text>
  </span>
);

/**
 * PMTA Relays - Mail Service Report (spec 3): the caller's PMTA relays (administrators: all) for one mail
 * service, read as soon as a service is chosen and again on every filter or sort change. Each row's switch,
 * speed and description are changed in place; stopped relays (inactive, or off for the service) stand out.
 */
export function PmtaRelaysMailServiceReport() {
  const { token } = theme.useToken();
  const [group, setGroup] = useState<number>();
  const [provider, setProvider] = useState<number>();
  const [range, setRange] = useState<ReportRange>(defaultRange);
  const [description, setDescription] = useState('');
  const [order, setOrder] = useState<SortOrder>(FIRST_ORDER);
  const providers = useSelectOptions('/mail_providers', { 'order[name]': 'asc' });
  const providerName = providers.data?.find((p) => p.value === provider)?.label;
  const body: MailServiceReportBody | undefined =
    provider === undefined
      ? undefined
      : {
          relayGroup: group ?? null,
          mailProvider: provider,
          ...range,
          orderBy: order.field as MailServiceReportOrder,
          asc: order.dir === 'asc',
          description,
        };
  const report = useMailServiceReport(body);
  const reread = () => report.refetch();
  const rows = report.data?.report;

  const columns: ColumnType<Row>[] = [
    {
      title: 'ID',
      key: 'id',
      // Fourteen columns scroll sideways below about 1500 px: the relay and its profit stay in view.
      fixed: 'left',
      ...SORT,
      render: (_, r) => (
        <Link to={href('pmtaRelayFilter3', { relayId: r.id })} aria-label={`Relay ${r.id}`}>
          {r.id}
        </Link>
      ),
    },
    ...(group === undefined
      ? [
          {
            title: 'Group',
            key: 'groupName',
            ...SORT,
            render: (_: unknown, r: Row) => (
              <Typography.Text ellipsis={{ tooltip: r.groupName }} style={{ maxWidth: 120 }}>
                {r.groupName}
              </Typography.Text>
            ),
          },
        ]
      : []),
    { title: 'Type', key: 'isVps', ...SORT, render: (_, r) => (r.isVps ? 'VPS' : 'Net') },
    { title: 'IP', dataIndex: 'ip', key: 'ip', ...SORT },
    { title: 'Hostname', dataIndex: 'smtpHost', key: 'smtpHost', ...SORT },
    {
      title: 'On/Off',
      key: 'switchOff',
      ...SORT,
      render: (_, r) => (
        <Flex gap={6} align="center" wrap={false}>
          <SwitchCell row={r} provider={providerName ?? ''} onChanged={reread} />
          {r.stopped && (
            <Tooltip title={r.switchOff ? 'Stopped: switched off' : 'Stopped: the relay is not active'}>
              <PauseCircleFilled role="img" aria-label="Stopped" style={{ color: token.colorError }} />
            </Tooltip>
          )}
        </Flex>
      ),
    },
    {
      title: 'Speed',
      key: 'speed',
      ...SORT,
      render: (_, r) => <SpeedCell row={r} providerId={provider!} onChanged={reread} />,
    },
    {
      title: 'Description',
      key: 'description',
      ...SORT,
      render: (_, r) => <DescriptionCell kind="pmta" relayId={r.id} description={r.description} onSaved={reread} />,
    },
    {
      title: twoLines('Delivered / Last Hour'),
      key: 'delivered',
      align: 'right',
      ...SORT,
      render: (_, r) => withLastHour(r.delivered, r.deliveredLH),
    },
    {
      title: twoLines('Bounced / Last Hour'),
      key: 'bounced',
      align: 'right',
      ...SORT,
      render: (_, r) => withLastHour(r.bounced, r.bouncedLH),
    },
    {
      title: 'Infra bounces',
      key: 'infraBounces',
      align: 'right',
      ...SORT,
      render: (_, r) => count(r.infraBounces),
    },
    {
      title: 'Complaints',
      key: 'complaints',
      align: 'right',
      ...SORT,
      render: (_, r) => count(r.complaints),
    },
    { title: 'Views', key: 'views', align: 'right', ...SORT, render: (_, r) => count(r.views) },
    { title: 'Clicks', key: 'clicks', align: 'right', ...SORT, render: (_, r) => count(r.clicks) },
    { title: 'Conv', key: 'conversions', align: 'right', ...SORT, render: (_, r) => count(r.conversions) },
    { title: 'Profit', key: 'profit', align: 'right', fixed: 'right', ...SORT, render: (_, r) => money(r.profit) },
  ];

  return (
    // No Get: the report is read as soon as a mail service is chosen.
    <ReportPage
      title="PMTA Relays - Mail Service Report"
      report={report}
      filters={
        <>
          <RelayGroupSelect value={group} onChange={setGroup} />
          <Select<number>
            aria-label="Mail Service"
            placeholder="Mail Service"
            showSearch={{ optionFilterProp: 'label' }}
            value={provider}
            onChange={setProvider}
            options={providers.data}
            loading={providers.isLoading}
            status={provider === undefined ? 'warning' : undefined}
            style={{ minWidth: 180 }}
          />
          <ReportRangePicker value={range} onChange={setRange} />
          <Input.Search
            aria-label="Relay description"
            placeholder="Relay description"
            allowClear
            maxLength={200}
            onSearch={(v) => setDescription(v.trim())}
            style={{ width: 220 }}
          />
        </>
      }
      asked={body}
      empty={ReportTexts.selectMailService}
    >
      {() => (
        <ReportTable<Row>
          rows={rows}
          report={report}
          order={order}
          onOrder={setOrder}
          emptyText={ReportTexts.noData}
          size="small"
          columns={columns}
          onRow={(r) => ({
            'data-stopped': r.stopped,
            style: r.stopped ? { background: token.colorErrorBg } : undefined,
          })}
        />
      )}
    </ReportPage>
  );
}
