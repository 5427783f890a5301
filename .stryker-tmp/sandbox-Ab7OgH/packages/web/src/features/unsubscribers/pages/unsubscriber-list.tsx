// @ts-nocheck
import { Form, Input } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { UNSUBSCRIBERS_PAGE_SIZE, type Unsubscriber } from '@console/shared/unsubscribers';
import { UploadKinds } from '@console/shared/uploads';
import { CategorySelect } from '@/components/category-select.tsx';
import { DataTable, listTable } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { FileUploadsCard } from '@/components/file-uploads.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { DeleteButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { unsubscribersKey, useDeleteUnsubscriber, useUnsubscribers } from '../api/unsubscribers.ts';

/** Unsubscribers: by category and address, Total, the files still being processed; Delete. */
export function UnsubscriberList() {
  const client = useQueryClient();
  const list = useCollectionParams({ pageSize: UNSUBSCRIBERS_PAGE_SIZE });
  const rows = useUnsubscribers(list.query);
  const remove = useDeleteUnsubscriber();
  const askDelete = (u: Unsubscriber) =>
    confirmDelete(
      `${u.email} (${u.category.name}): its lists count it valid again unless a spam trap holds it.`,
      () => remove.mutateAsync(u.id),
      'Delete failed: ',
    );

  return (
    <ListPage
      title="Unsubscribers"
      create={{ label: 'Add Unsubscribers', to: href('unsubscriberCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="category.id">
            <CategorySelect allowClear style={{ minWidth: 220 }} />
          </Form.Item>
          <Form.Item name="email.email">
            <Input placeholder="E-mail" allowClear aria-label="E-mail search" />
          </Form.Item>
        </>
      }
    >
      <FileUploadsCard
        progressOnly
        kind={UploadKinds.unsubscribers}
        title="Files being processed"
        action="/unsubscribers"
        fileField="file"
        doneText={(name, n) => `File ${name} is processed! Added ${n} unsubscribers.`}
        onFinished={() => void client.invalidateQueries({ queryKey: unsubscribersKey })}
      />
      <div style={{ height: 16 }} />
      <DataTable<Unsubscriber>
        {...listTable(rows, list)}
        emptyText="Nothing to show."
        columns={[
          { title: 'ID', dataIndex: 'id', key: 'id', width: 90, sorter: true },
          { title: 'E-mail', dataIndex: 'email', key: 'email', sorter: true },
          { title: 'Category', key: 'category', render: (_, u) => u.category.name },
          {
            title: 'Added',
            key: 'createdAt',
            sorter: true,
            width: 170,
            render: (_, u) => dayjs(u.createdAt).format('YYYY-MM-DD HH:mm'),
          },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            width: 110,
            render: (_, u) => (
              <DeleteButton label={`Delete unsubscriber ${u.email}`} onClick={() => void askDelete(u)} />
            ),
          },
        ]}
      />
    </ListPage>
  );
}
