import { useState } from 'react';
import { Button, Flex, Form, Input, Modal, Typography } from 'antd';
import { ArrowLeftOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Link, Navigate } from 'react-router';
import { EMAILS_PAGE_SIZE } from '@console/shared/hydra';
import { EmailListMessages } from '@console/shared/email-lists';
import { href } from '@/lib/routes.ts';
import { SELECT_ALL_MAX, listTable } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { useSession } from '@/lib/session.ts';
import { useBatchDeleteEmails, useEmailList, getEmails, useEmails, isUploading } from '../api/email-lists.ts';
import { AddEmailsCard } from '../components/add-emails-card.tsx';
import { EmailsTable } from '../components/emails-table.tsx';
import { LoadingPercent } from '../components/upload-state.tsx';
import { useUploadLive } from '../hooks/use-upload-live.ts';

/** 'Email List #id' contents (/email-list/{id}/emails): search, delete, batch delete, add e-mails. */
export function EmailListEmails() {
  const routeId = useRouteId();
  const id = typeof routeId === 'number' ? routeId : 0;
  const session = useSession();
  const list = useCollectionParams({ pageSize: EMAILS_PAGE_SIZE });
  const emails = useEmails(id, list.query);
  const detail = useEmailList(id || undefined);
  const batch = useBatchDeleteEmails();
  const selection = useSelection<number>(list.filters);
  const selected = selection.selected;
  const [adding, setAdding] = useState(false);
  useUploadLive();

  // Add and delete: administrators and the list's owner (spec §6).
  const canChange =
    Boolean(session?.isAdmin) || (emails.data !== undefined && session?.username === emails.data.emailListUsername);

  const askBatchDelete = () => {
    if (!selected.length) return toast.warning(EmailListMessages.nothingToDelete);
    return void confirm({
      title: `Delete ${selected.length} selected e-mail${selected.length === 1 ? '' : 's'}?`,
      content: 'They will be removed from the list.',
      okText: 'Delete',
      danger: true,
      onOk: () => batch.mutateAsync({ ids: selected, emailListId: id }),
    }).then((ok) => {
      if (!ok) return;
      selection.clear();
      toast.success('Deleted successfully!');
    });
  };

  const running = detail.data && isUploading(detail.data.job);

  if (routeId === 'malformed') return <Navigate to={href('error404')} replace />;

  return (
    <ListPage
      title={
        <>
          Email List #{id}
          {detail.data && (
            <Typography.Text type="secondary" style={{ fontSize: 16, fontWeight: 400, marginLeft: 12 }}>
              {detail.data.name}
            </Typography.Text>
          )}
        </>
      }
      extra={
        <Link to={href('emailLists')}>
          <Button icon={<ArrowLeftOutlined />}>Back to Email Lists</Button>
        </Link>
      }
      list={list}
      filters={
        <Form.Item name="email">
          <Input placeholder="Search by email" allowClear aria-label="Search by email" style={{ minWidth: 240 }} />
        </Form.Item>
      }
      filterExtra={
        canChange && (
          <Flex gap={8} align="center" wrap>
            {running ? (
              <LoadingPercent list={detail.data!} />
            ) : (
              <Button icon={<PlusOutlined />} onClick={() => setAdding(true)}>
                Add Emails
              </Button>
            )}
            <Button danger icon={<DeleteOutlined />} onClick={askBatchDelete}>
              Delete
            </Button>
          </Flex>
        )
      }
    >
      <EmailsTable
        emailListId={id}
        {...listTable(emails, list)}
        selection={
          canChange
            ? {
                ...selection,
                // Every e-mail the search matches, for 'Select all N' (at most one page of the API's largest size).
                allKeys: () =>
                  getEmails(id, { ...list.query, _page: 1, itemsPerPage: SELECT_ALL_MAX }).then((p) =>
                    p.items.map((r) => r.id),
                  ),
              }
            : undefined
        }
      />
      <Modal
        title="Add Emails"
        open={adding}
        onCancel={() => setAdding(false)}
        footer={null}
        destroyOnHidden
        width={560}
      >
        <AddEmailsCard emailListId={id} title="Upload a CSV file" onDone={() => setAdding(false)} />
      </Modal>
    </ListPage>
  );
}
