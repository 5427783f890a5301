import { Button, Form, Input, Select } from 'antd';
import { DownloadOutlined, UndoOutlined } from '@ant-design/icons';
import {
  COMPLAINT_EMAILS_PAGE_SIZE,
  ComplaintEmailMessages as M,
  type ComplaintEmail,
} from '@console/shared/complaint-emails';
import { listTable, SELECT_ALL_MAX } from '@/components/data-table.tsx';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
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

  const ask = (n: number, lift: () => Promise<unknown>) =>
    confirm({
      title: 'Lift the suppression?',
      content: M.liftConfirm(n),
      okText: 'Lift',
      danger: true,
      onOk: lift,
    }).then((ok) => ok && toast.success(M.lifted(n)));
  const askOne = (e: ComplaintEmail) => void ask(1, () => liftOne.mutateAsync(e.id));
  const askSelected = (ids: number[]) =>
    void ask(ids.length, () => liftMany.mutateAsync({ ids })).then((ok) => ok && selection.clear());

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
        onLift={askOne}
        selection={{
          ...selection,
          actions: (keys) => (
            <Button size="small" danger icon={<UndoOutlined />} onClick={() => askSelected(keys as number[])}>
              Lift selected
            </Button>
          ),
          allKeys: () =>
            getComplaintEmails({ ...list.query, _page: 1, itemsPerPage: SELECT_ALL_MAX }).then((p) =>
              p['hydra:member'].map((r) => r.id),
            ),
        }}
      />
    </ListPage>
  );
}
