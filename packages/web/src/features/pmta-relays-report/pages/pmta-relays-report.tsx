import { useCallback, useState } from 'react';
import { Button, Select, Typography } from 'antd';
import type { RelaysReportBody, RelaysReportOrder, RelaysReportRow } from '@console/shared/pmta-relays-report';
import { ReportTexts } from '@console/shared/reports';
import { ReportTable } from '@/components/reports/report-table.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange, type ReportRange } from '@/components/reports/report-range.tsx';
import type { SortOrder } from '@/hooks/use-collection-params.ts';
import { RelayGroupSelect } from '@/components/reports/relay-group-select.tsx';
import { useRelaysReport } from '../api/pmta-relays-report.ts';
import { REPORT_SORT, figureColumns } from '../components/figures.tsx';
import { RelayReportDialog } from '../components/relay-report-dialog.tsx';

const TYPES = [
  { value: 'all', label: 'All' },
  { value: 'vps', label: 'VPS' },
  { value: 'net', label: 'Net' },
];
const IS_VPS = { all: null, vps: true, net: false } as const;
type RelayType = keyof typeof IS_VPS;
const FIRST_ORDER: SortOrder = { field: 'delivered', dir: 'desc' };

/**
 * PMTA Relays Report (spec 3, administrators): Relay Type, Relay Group and Date Range, then Get; one row per
 * PMTA relay with traffic in the range, every column sorted on the server; a hostname opens that relay's
 * popup (per day and per mail service).
 */
export function PmtaRelaysReport() {
  const [type, setType] = useState<RelayType>('all');
  const [group, setGroup] = useState<number>();
  const [range, setRange] = useState<ReportRange>(defaultRange);
  const [order, setOrder] = useState<SortOrder>(FIRST_ORDER);
  const [body, setBody] = useState<RelaysReportBody>();
  const [popup, setPopup] = useState<number>();
  const report = useRelaysReport(body);
  const close = useCallback(() => setPopup(undefined), []);
  const bodyFor = (o: SortOrder): RelaysReportBody => ({
    relayGroup: group ?? null,
    isVps: IS_VPS[type],
    ...range,
    orderBy: o.field as RelaysReportOrder,
    asc: o.dir === 'asc',
  });
  const rows = report.data?.report;
  // The popup shows the range of the report on screen (the one last fetched).
  const shown: ReportRange = body ? { fromDate: body.fromDate, toDate: body.toDate } : range;

  return (
    <ReportPage
      title="PMTA Relays Report"
      report={report}
      filters={
        <>
          <Typography.Text>Relay Type</Typography.Text>
          <Select<RelayType>
            aria-label="Relay Type"
            value={type}
            onChange={setType}
            options={TYPES}
            style={{ width: 100 }}
          />
          <RelayGroupSelect value={group} onChange={setGroup} />
          <ReportRangePicker value={range} onChange={setRange} />
        </>
      }
      onGet={() => setBody(bodyFor(order))}
      asked={body}
      empty={ReportTexts.selectDates}
    >
      {(body) => (
        <>
          <ReportTable<RelaysReportRow>
            rows={rows}
            report={report}
            order={order}
            onOrder={(o) => {
              setOrder(o);
              setBody({ ...body, orderBy: o.field as RelaysReportOrder, asc: o.dir === 'asc' });
            }}
            emptyText={ReportTexts.noData}
            size="small"
            columns={[
              { title: 'ID', dataIndex: 'id', key: 'id', ...REPORT_SORT },
              { title: 'Owner', dataIndex: 'username', key: 'username', ...REPORT_SORT },
              { title: 'Type', key: 'isVps', ...REPORT_SORT, render: (_, r) => (r.isVps ? 'VPS' : 'Net') },
              { title: 'IP', dataIndex: 'ip', key: 'ip', ...REPORT_SORT },
              {
                title: 'Hostname',
                key: 'host',
                ...REPORT_SORT,
                render: (_, r) => (
                  <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setPopup(r.id)}>
                    {r.host}
                  </Button>
                ),
              },
              ...figureColumns<RelaysReportRow>(true),
            ]}
          />
          <RelayReportDialog relayId={popup} range={shown} onClose={close} />
        </>
      )}
    </ReportPage>
  );
}
