import { Form, Input } from 'antd';
import { BOUNCE_MAILBOXES_PAGE_SIZE } from '@console/shared/bounce-mailboxes';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useBounceMailboxes } from '../api/bounce-mailboxes.ts';
import { BounceMailboxesTable } from '../components/bounce-mailboxes-table.tsx';

/** Bounce Mailboxes (issue 39 section 4): where DSNs and complaints come back, and how reading them goes. */
export function BounceMailboxList() {
  const list = useCollectionParams({ pageSize: BOUNCE_MAILBOXES_PAGE_SIZE });
  const mailboxes = useBounceMailboxes(list.query);
  return (
    <ListPage
      title="Bounce Mailboxes"
      create={{ label: 'Add Mailbox', to: href('bounceMailboxCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Name" allowClear aria-label="Name" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <BounceMailboxesTable {...listTable(mailboxes, list)} />
    </ListPage>
  );
}
