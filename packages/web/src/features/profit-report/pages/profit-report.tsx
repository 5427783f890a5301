import { useState } from 'react';
import { Select } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { ReportTexts } from '@console/shared/reports';
import {
  PROFIT_DEFAULT_ORDER,
  PROFIT_GROUP_BY,
  ProfitGroupLabels,
  type ProfitGroupBy,
  type ProfitOrderBy,
  type ProfitReportRow,
} from '@console/shared/profit-report';
import { OwnerSelect } from '@/components/owner-filter.tsx';
import { CampaignTypeSelect, type ReportCampaignType } from '@/components/reports/campaign-type-select.tsx';
import { ReportPage } from '@/components/reports/report-page.tsx';
import { ReportRangePicker, defaultRange } from '@/components/reports/report-range.tsx';
import { useIsAdmin } from '@/lib/session.ts';
import { profitReportKey, useProfitReport } from '../api/profit-report.ts';
import { ProfitTable } from '../components/profit-table.tsx';

interface Asked {
  userId?: number;
  fromDate: string;
  toDate: string;
  groupBy: ProfitGroupBy;
  campaignType?: ReportCampaignType;
  orderBy: ProfitOrderBy;
  asc: boolean;
}

/** The grouping a row comes from: its one non-null key. */
const groupOf = (r: ProfitReportRow): ProfitGroupBy =>
  r.event_date !== null ? 'date' : r.campaign_id !== null ? 'campaign' : 'country';

const GROUPS = PROFIT_GROUP_BY.map((g) => ({ value: g, label: ProfitGroupLabels[g] }));

/**
 * Profit Report (spec 3): conversions and profit by date, campaign or country over a date range, SMTP,
 * PMTA or both; administrators choose a user (or all). Nothing is asked until Get; the table's order is
 * the server's.
 */
export function ProfitReport() {
  const isAdmin = useIsAdmin();
  const client = useQueryClient();
  const [userId, setUserId] = useState<number>();
  const [groupBy, setGroupBy] = useState<ProfitGroupBy>('date');
  const [campaignType, setCampaignType] = useState<ReportCampaignType | ''>('');
  const [range, setRange] = useState(defaultRange);
  const [asked, setAsked] = useState<Asked>();
  const report = useProfitReport(asked);

  const get = () => {
    // The same grouping keeps the table's order; another one starts from its own default.
    const order =
      asked?.groupBy === groupBy ? { orderBy: asked.orderBy, asc: asked.asc } : PROFIT_DEFAULT_ORDER[groupBy];
    setAsked({
      ...(isAdmin && userId ? { userId } : {}),
      ...range,
      groupBy,
      ...(campaignType ? { campaignType } : {}),
      ...order,
    });
    void client.invalidateQueries({ queryKey: [profitReportKey] });
  };

  // While another grouping loads, the rows kept from the last one do not fit its columns.
  const rows = report.data?.report;
  const fits = !rows?.length || groupOf(rows[0]!) === asked?.groupBy;

  return (
    <ReportPage
      title="Profit Report"
      report={report}
      filters={
        <>
          {isAdmin && <OwnerSelect placeholder="All users" aria-label="User" value={userId} onChange={setUserId} />}
          <Select<ProfitGroupBy>
            aria-label="Report type"
            prefix="Report type:"
            options={GROUPS}
            value={groupBy}
            onChange={setGroupBy}
            style={{ minWidth: 190 }}
          />
          <CampaignTypeSelect value={campaignType} onChange={setCampaignType} />
          <ReportRangePicker value={range} onChange={setRange} />
        </>
      }
      onGet={get}
      centred={false}
      dataAge
      asked={asked}
      empty={ReportTexts.selectDates}
    >
      {(asked) => (
        <ProfitTable
          groupBy={asked.groupBy}
          rows={fits ? rows : undefined}
          loading={report.isFetching}
          error={report.error}
          order={{ field: asked.orderBy, dir: asked.asc ? 'asc' : 'desc' }}
          onOrder={(o) => setAsked({ ...asked, orderBy: o.field as ProfitOrderBy, asc: o.dir === 'asc' })}
        />
      )}
    </ReportPage>
  );
}
