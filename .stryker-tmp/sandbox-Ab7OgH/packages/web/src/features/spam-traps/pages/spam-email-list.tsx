// @ts-nocheck
import { Col, Form, Input, Row, Space } from 'antd';
import { SPAM_TRAPS_PAGE_SIZE, SpamTrapMessages as M, type SpamEmail } from '@console/shared/spam-traps';
import { DataTable, listTable } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { href } from '@/lib/routes.ts';
import { useRemoveSpamEmail, useSpamEmails } from '../api/spam-traps.ts';
import { SpamUpload } from '../components/spam-upload.tsx';

/** Spam-trap e-mails: search, Total, upload with progress, Delete. */
export function SpamEmailList() {
  const list = useCollectionParams({ pageSize: SPAM_TRAPS_PAGE_SIZE });
  const emails = useSpamEmails(list.query);
  const remove = useRemoveSpamEmail();
  const askDelete = (e: SpamEmail) =>
    confirmDelete(`${e.email}: it counts valid again unless another rule holds it.`, () => remove.mutateAsync(e.id));
  return (
    <ListPage
      title="SpamTrap Emails"
      create={{ label: 'Add Email', to: href('spamEmailCreate') }}
      list={list}
      filters={
        <Form.Item name="email.email">
          <Input placeholder="E-mail" allowClear aria-label="E-mail search" />
        </Form.Item>
      }
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <DataTable<SpamEmail>
            {...listTable(emails, list)}
            emptyText={M.emailsEmpty}
            columns={[
              { title: 'ID', dataIndex: 'id', key: 'id', width: 90, sorter: true },
              { title: 'E-mail', dataIndex: 'email', key: 'email', sorter: true },
              { title: 'Info', dataIndex: 'info', key: 'info', ellipsis: true },
              {
                title: 'Added',
                key: 'createdAt',
                width: 160,
                render: (_, e) => dayjs(e.createdAt).format('YYYY-MM-DD HH:mm'),
              },
              {
                title: 'Actions',
                key: 'actions',
                width: 190,
                render: (_, e) => (
                  <Space size="small">
                    <EditButton to={href('spamEmailEdit', { id: e.id })} label={`Edit e-mail ${e.email}`} />
                    <DeleteButton label={`Delete e-mail ${e.email}`} onClick={() => void askDelete(e)} />
                  </Space>
                ),
              },
            ]}
          />
        </Col>
        <Col xs={24} xl={8}>
          <SpamUpload list="emails" />
        </Col>
      </Row>
    </ListPage>
  );
}
