// @ts-nocheck
import { Form, Input } from 'antd';
import { MESSAGES_PAGE_SIZE } from '@console/shared/messages';
import { ArchiveFilter } from '@/components/archive-filter.tsx';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { useMessages } from '../api/messages.ts';
import { MessagesTable } from '../components/messages-table.tsx';

/** Messages: archive status (All, Archive, Current; default Current), owner (admin) and name. */
export function MessageList() {
  const list = useCollectionParams({ pageSize: MESSAGES_PAGE_SIZE, filters: { 'archive[exists]': 'false' } });
  const messages = useMessages(list.query);
  return (
    <ListPage
      title="Messages"
      create={{ label: 'Add Message', to: href('messageCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Message name" allowClear aria-label="Message name search" />
          </Form.Item>
          <ArchiveFilter labels={{ active: 'Current', archived: 'Archive' }} />
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <MessagesTable showArchiveDate={list.filters['archive[exists]'] !== 'false'} {...listTable(messages, list)} />
    </ListPage>
  );
}
