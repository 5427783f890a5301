import { Button, Form, Input, Select } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import {
  COMPLAINT_EMAILS_PAGE_SIZE,
  ComplaintEmailMessages as M,
  type ComplaintEmail,
} from '@console/shared/complaint-emails';
import { listTable, SELECT_ALL_MAX } from '@/components/data-table.tsx';
import { errorDialog } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { liftActions } from '@/components/suppression-list.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import {
  exportComplaintEmails,
  getComplaintEmails,
  useComplaintEmails,
  useLiftComplaintEmail,
  useLiftComplaintEmails,
} from '../api/complaint-emails.ts';
import { ComplaintEmailsTable } from '../components/complaint-emails-table.tsx';

/**
 * Complaints (administrators, decisions 1390, 1393): the addresses suppressed for their owner's lists
 * after a complaint; search, Total, export, lift one or the selected.
 */
export function ComplaintEmailList() {
  const list = useCollectionParams({ pageSize: COMPLAINT_EMAILS_PAGE_SIZE });
  const emails = useComplaintEmails(list.query);
  const selection = useSelection<number>(list.filters);
  const liftOne = useLiftComplaintEmail();
  const liftMany = useLiftComplaintEmails();

  const lift = liftActions<ComplaintEmail>({
    messages: M,
    one: (id) => liftOne.mutateAsync(id),
    many: (ids) => liftMany.mutateAsync({ ids }),
    selection,
  });

  return (
    <ListPage
      title="Complaints"
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => exportComplaintEmails(list.filters).catch((e: unknown) => errorDialog(e))}
        >
          Export CSV
        </Button>
      }
      list={list}
      filters={
        <>
          <Form.Item name="email.email">
            <Input placeholder="E-mail" allowClear aria-label="E-mail search" />
          </Form.Item>
          <Form.Item name="source">
            <Select
              placeholder="Source"
              allowClear
              aria-label="Source"
              style={{ width: 150 }}
              options={[
                { value: 'pmta', label: 'PMTA record' },
                { value: 'report', label: 'ARF report' },
              ]}
            />
          </Form.Item>
        </>
      }
    >
      <ComplaintEmailsTable
        {...listTable(emails, list)}
        onLift={lift.one}
        selection={{
          ...selection,
          actions: lift.selected,
          allKeys: () =>
            getComplaintEmails({ ...list.query, _page: 1, itemsPerPage: SELECT_ALL_MAX }).then((p) =>
              p['hydra:member'].map((r) => r.id),
            ),
        }}
      />
    </ListPage>
  );
}
