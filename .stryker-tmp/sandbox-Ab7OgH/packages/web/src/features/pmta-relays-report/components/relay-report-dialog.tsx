// @ts-nocheck
import { useEffect } from 'react';
import { Descriptions, Flex, Modal, Table, Typography } from 'antd';
import type { ReportRange } from '@/components/reports/report-range.tsx';
import { reportErrorDialog } from '@/components/reports/report-error.ts';
import { EmptyState } from '@/components/empty-state.tsx';
import { ReportTexts } from '@console/shared/reports';
import type { RelayReport } from '@console/shared/pmta-relays-report';
import { useRelayReport } from '../api/pmta-relays-report.ts';
import { FIGURES, figureColumns } from './figures.tsx';

type Day = RelayReport['days'][number];
type Service = RelayReport['mailProviders'][number];

/**
 * The popup of one relay (a click on its hostname): the relay, then its figures per day and per mail
 * service over the report's range, each table ending on the range's total.
 */
export function RelayReportDialog(props: { relayId: number | undefined; range: ReportRange; onClose: () => void }) {
  const { relayId, range, onClose } = props;
  const q = useRelayReport(relayId === undefined ? undefined : { relayId, ...range });
  const data = relayId !== undefined && q.data?.relay.id === relayId ? q.data : undefined;
  useEffect(() => {
    if (q.error) {
      reportErrorDialog(q.error);
      onClose();
    }
  }, [q.error, onClose]);
  const total = data && (
    <Table.Summary.Row>
      <Table.Summary.Cell index={0}>
        <Typography.Text strong>Total</Typography.Text>
      </Table.Summary.Cell>
      {FIGURES.map((f, i) => (
        <Table.Summary.Cell key={f.key} index={i + 1} align="right">
          <Typography.Text strong>{f.show(data.total[f.key])}</Typography.Text>
        </Table.Summary.Cell>
      ))}
    </Table.Summary.Row>
  );
  const empty = { emptyText: <EmptyState description={ReportTexts.noData} /> };
  return (
    <Modal
      open={relayId !== undefined}
      onCancel={onClose}
      footer={null}
      width={900}
      title={data ? `${data.relay.host} (${data.relay.ip})` : 'PMTA relay'}
      loading={!data}
      destroyOnHidden
    >
      {data && (
        <Flex vertical gap={16}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2, md: 3 }}
            items={[
              { key: 'id', label: 'ID', children: data.relay.id },
              { key: 'owner', label: 'Owner', children: data.relay.username },
              { key: 'type', label: 'Type', children: data.relay.isVps ? 'VPS' : 'Net' },
              { key: 'group', label: 'Group', children: data.relay.groupName },
              { key: 'range', label: 'Dates', children: `${range.fromDate} – ${range.toDate}` },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            Per day
          </Typography.Title>
          <Table<Day>
            size="small"
            rowKey="day"
            pagination={false}
            aria-label="Per day"
            dataSource={data.days}
            locale={empty}
            scroll={{ x: 'max-content', y: 280 }}
            columns={[{ title: 'Day', dataIndex: 'day', key: 'day' }, ...figureColumns<Day>(false)]}
            summary={() => (data.days.length ? <Table.Summary fixed>{total}</Table.Summary> : null)}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            Per mail service
          </Typography.Title>
          <Table<Service>
            size="small"
            rowKey="id"
            pagination={false}
            aria-label="Per mail service"
            dataSource={data.mailProviders}
            locale={empty}
            scroll={{ x: 'max-content' }}
            columns={[{ title: 'Mail Service', dataIndex: 'name', key: 'name' }, ...figureColumns<Service>(false)]}
            summary={() => (data.mailProviders.length ? total : null)}
          />
        </Flex>
      )}
    </Modal>
  );
}
