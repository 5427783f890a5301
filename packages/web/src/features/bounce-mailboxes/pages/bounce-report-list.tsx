import { Form, Input, Select } from 'antd';
import { BOUNCE_REPORTS_PAGE_SIZE, REPORT_OUTCOMES } from '@console/shared/bounce-mailboxes';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { useBounceReports } from '../api/bounce-mailboxes.ts';
import { BounceReportsTable, OUTCOME_LABEL } from '../components/bounce-reports-table.tsx';

/** Processed Reports (issue 39 section 4): every report read from the mailboxes, and what it was. */
export function BounceReportList() {
  const list = useCollectionParams({ pageSize: BOUNCE_REPORTS_PAGE_SIZE });
  const reports = useBounceReports(list.query);
  const mailboxes = useSelectOptions('/bounce_mailboxes');
  return (
    <ListPage
      title="Processed Reports"
      list={list}
      filters={
        <>
          <Form.Item name="mailbox">
            <Select
              placeholder="Mailbox"
              allowClear
              aria-label="Mailbox"
              options={mailboxes.data ?? []}
              style={{ minWidth: 180 }}
            />
          </Form.Item>
          <Form.Item name="outcome">
            <Select
              placeholder="Outcome"
              allowClear
              aria-label="Outcome"
              options={REPORT_OUTCOMES.map((o) => ({ value: o, label: OUTCOME_LABEL[o].label }))}
              style={{ minWidth: 160 }}
            />
          </Form.Item>
          <Form.Item name="recipient">
            <Input placeholder="Recipient" allowClear aria-label="Recipient" />
          </Form.Item>
        </>
      }
    >
      <BounceReportsTable {...listTable(reports, list)} />
    </ListPage>
  );
}
