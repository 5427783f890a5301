// @ts-nocheck
import { Form, Input, Select } from 'antd';
import { Topics } from '@console/shared/hub';
import { PMTA_EMAIL_TESTS_PAGE_SIZE } from '@console/shared/pmta-email-tests';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useLiveEvent } from '@/lib/live.ts';
import { href } from '@/lib/routes.ts';
import { useApplyEmailTestEvent, useEmailTestStatuses, usePmtaEmailTests } from '../api/pmta-email-tests.ts';
import { EmailTestsTable } from '../components/email-tests-table.tsx';

/** PMTA Email Tests: owner (admin), status and relay host filters, Total, sortable columns, Clone; live statuses. */
export function EmailTestList() {
  const list = useCollectionParams({ pageSize: PMTA_EMAIL_TESTS_PAGE_SIZE });
  const tests = usePmtaEmailTests(list.query);
  const statuses = useEmailTestStatuses();
  useLiveEvent(Topics.pmtaEmailTest, useApplyEmailTestEvent());

  return (
    <ListPage
      title="PMTA Email Tests"
      create={{ label: 'Create Test', to: href('pmtaEmailTestCreate') }}
      list={list}
      filters={
        <>
          <OwnerFilter aria-label="Owner" />
          <Form.Item name="status">
            <Select
              allowClear
              placeholder="All statuses"
              aria-label="Status"
              options={statuses.data?.map((label, value) => ({ value, label }))}
              style={{ width: 150 }}
            />
          </Form.Item>
          <Form.Item name="pmtaRelay.smtpHost">
            <Input allowClear placeholder="Relay hostname" aria-label="Relay hostname" />
          </Form.Item>
        </>
      }
    >
      <EmailTestsTable {...listTable(tests, list)} statuses={statuses.data} />
    </ListPage>
  );
}
