import { Button, Form, Input } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { BOUNCED_EMAILS_PAGE_SIZE, BouncedEmailMessages as M, type BouncedEmail } from '@console/shared/bounced-emails';
import { listTable, SELECT_ALL_MAX } from '@/components/data-table.tsx';
import { errorDialog } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { liftActions } from '@/components/suppression-list.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { exportBouncedEmails } from '../api/export-bounced-emails.ts';
import { getBouncedEmails, useBouncedEmails } from '../api/get-bounced-emails.ts';
import { useLiftBouncedEmail, useLiftBouncedEmails } from '../api/lift-bounced-emails.ts';
import { BouncedEmailsTable } from '../components/bounced-emails-table.tsx';
import { SoftBounceSettings } from '../components/soft-bounce-settings.tsx';

/**
 * Bounced Emails (administrators, decision 1111): search, Total, export, lift one or the selected; the
 * soft-bounce settings under the table (decision 1361).
 */
export function BouncedEmailList() {
  const list = useCollectionParams({ pageSize: BOUNCED_EMAILS_PAGE_SIZE });
  const emails = useBouncedEmails(list.query);
  const selection = useSelection<number>(list.filters);
  const liftOne = useLiftBouncedEmail();
  const liftMany = useLiftBouncedEmails();

  const lift = liftActions<BouncedEmail>({
    messages: M,
    one: (id) => liftOne.mutateAsync(id),
    many: (ids) => liftMany.mutateAsync({ ids }),
    selection,
  });

  return (
    <ListPage
      title="Bounced Emails"
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => exportBouncedEmails(list.filters).catch((e: unknown) => errorDialog(e))}
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
          <Form.Item name="reason">
            <Input placeholder="Reason" allowClear aria-label="Reason search" />
          </Form.Item>
        </>
      }
    >
      <BouncedEmailsTable
        {...listTable(emails, list)}
        onLift={lift.one}
        selection={{
          ...selection,
          actions: lift.selected,
          allKeys: () =>
            getBouncedEmails({ ...list.query, _page: 1, itemsPerPage: SELECT_ALL_MAX }).then((p) =>
              p['hydra:member'].map((r) => r.id),
            ),
        }}
      />
      <div style={{ marginTop: 16 }}>
        <SoftBounceSettings />
      </div>
    </ListPage>
  );
}
