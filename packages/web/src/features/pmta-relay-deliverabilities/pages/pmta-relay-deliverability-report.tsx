import { useState } from 'react';
import { Form, Input, Typography } from 'antd';
import { DEFAULT_PAGE_SIZE } from '@console/shared/hydra';
import {
  DELIVERABILITY_HEADER,
  scoreText,
  type RelayDeliverability,
} from '@console/shared/pmta-relay-deliverabilities';
import { ReportTexts } from '@console/shared/reports';
import { DataTable } from '@/components/data-table.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { HostName } from '@/components/host-name.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { useRelayDeliverabilities } from '../api/pmta-relay-deliverabilities.ts';

interface FilterValues {
  'mailProvider.id'?: number;
  'group.id'?: number;
  smtpHost?: string;
}

const score = { align: 'right' as const, sorter: true, width: 130 };

/**
 * Relay deliverability report (spec 3, admin): Mail Service, Relay Group and SMTP host filters and Get;
 * each relay's delivery rate to a service against every relay's, over all time, 24 and 2 hours.
 */
export function PmtaRelayDeliverabilityReport() {
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<FilterValues>();
  const [page, setPage] = useState(1);
  const [order, setOrder] = useState<SortOrder>();
  const services = useSelectOptions('/mail_providers');
  const groups = useSelectOptions('/pmta_relay_groups');
  const query = filters && {
    ...filters,
    smtpHost: filters.smtpHost?.trim() || undefined,
    _page: page,
    itemsPerPage: DEFAULT_PAGE_SIZE,
    ...(order ? { [`order[${order.field}]`]: order.dir } : {}),
  };
  const report = useRelayDeliverabilities(query);

  return (
    <ReportPage
      title="PMTA Deliverability"
      intro={
        <Typography.Paragraph type="secondary" data-testid="deliverability-header">
          {DELIVERABILITY_HEADER}
        </Typography.Paragraph>
      }
      report={report}
      form={{
        instance: form,
        onFinish: (v: FilterValues) => {
          setFilters({ ...v });
          setPage(1);
        },
      }}
      filters={
        <>
          <SelectFilter name="mailProvider.id" label="Mail Service" options={services.data} />
          <SelectFilter name="group.id" label="Relay Group" options={groups.data} />
          <Form.Item name="smtpHost">
            <Input allowClear placeholder="SMTP host" aria-label="SMTP host" />
          </Form.Item>
        </>
      }
      asked={query}
      empty={ReportTexts.clickGet}
    >
      {() => (
        <DataTable<RelayDeliverability>
          data={report.data}
          loading={report.isFetching}
          error={report.error ?? undefined}
          retry={() => void report.refetch()}
          page={page}
          pageSize={DEFAULT_PAGE_SIZE}
          order={order}
          onChange={(next) => {
            setOrder(next.order);
            setPage(next.page);
          }}
          size="small"
          rowKey={(r) => `${r.pmtaRelay.id}/${r.mailProvider.id}`}
          emptyText={ReportTexts.nothing}
          columns={[
            { title: 'Relay ID', key: 'pmtaRelay.id', sorter: true, width: 100, render: (_, r) => r.pmtaRelay.id },
            {
              title: 'Host',
              key: 'pmtaRelay.smtpHost',
              sorter: true,
              render: (_, r) => <HostName host={r.pmtaRelay.smtpHost} />,
            },
            {
              title: 'IP',
              key: 'pmtaRelay.ip',
              sorter: true,
              render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.pmtaRelay.ip}</span>,
            },
            { title: 'Mail Service', key: 'mailProvider.name', sorter: true, render: (_, r) => r.mailProvider.name },
            { title: 'Score All Time', key: 'scoreAllTime', ...score, render: (_, r) => scoreText(r.scoreAllTime) },
            { title: '24 hours', key: 'score24', ...score, render: (_, r) => scoreText(r.score24) },
            { title: '2 hours', key: 'score2', ...score, render: (_, r) => scoreText(r.score2) },
          ]}
        />
      )}
    </ReportPage>
  );
}
