import { useRef } from 'react';
import { Button, Col, Descriptions, Flex, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined, MailOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { Link, Navigate, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { EmailList } from '@console/shared/email-lists';
import { href } from '@/lib/routes.ts';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import { EditPage } from '@/components/edit-page.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { LIST_DATE, dayjs } from '@/lib/dayjs.ts';
import { useIsAdmin } from '@/lib/session.ts';
import {
  useCloneEmailList,
  useCreateEmailList,
  emailListKey,
  useEmailList,
  useUploadFailures,
  useUpdateEmailList,
  isUploading,
} from '../api/email-lists.ts';
import { AddEmailsCard } from '../components/add-emails-card.tsx';
import { EmailListForm, type EmailListFormValues } from '../components/email-list-form.tsx';
import { LoadingPercent, UploadState } from '../components/upload-state.tsx';
import { useUploadLive } from '../hooks/use-upload-live.ts';

const count = (n: number) => n.toLocaleString('en-US');

/** Create Email List (/email-list/create) and 'Edit Email List #id' (/email-list/{id}/edit, emailListManage). */
export function EmailListEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  // Not loaded for others: they are sent back below, and a list they cannot see would answer 404.
  const list = useEmailList(isAdmin ? id : undefined);
  const create = useCreateEmailList();
  const update = useUpdateEmailList();
  const save = id ? update : create;
  useUploadLive();

  const submit = ({ name, category, users }: EmailListFormValues) => {
    if (id) {
      update.mutate(
        { id, name, category: category!, users: users ?? [] },
        { onSuccess: () => toast.success('Updated!') },
      );
    } else {
      // A new list is empty: its manage page is where e-mails are added.
      create.mutate(
        { name, category: category! },
        {
          onSuccess: (created) => {
            toast.success('Added successfully!');
            navigate(href('emailListManage', { id: created.id }));
          },
        },
      );
    }
  };

  // Creating and managing lists is for administrators (the list's Manage action is theirs only).
  if (!isAdmin && routeId !== 'malformed') return <Navigate to={href('emailLists')} replace />;

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Email List #${id}` : 'Create Email List'}
      back={{ label: 'Back to Email Lists', to: href('emailLists') }}
      extra={
        id && (
          <Link to={href('emailListEmails', { id })}>
            <Button icon={<UnorderedListOutlined />}>View emails</Button>
          </Link>
        )
      }
      loading={Boolean(id) && !list.data}
    >
      <Row gutter={[32, 24]}>
        <Col xs={24} lg={10}>
          <EmailListForm
            key={id ?? 'new'}
            list={list.data}
            onSubmit={submit}
            submitting={save.isPending}
            error={save.error}
          />
        </Col>
        {list.data && (
          <Col xs={24} lg={14}>
            <ManagePanel list={list.data} />
          </Col>
        )}
      </Row>
    </EditPage>
  );
}

/** The list's counters and its e-mail actions: add (upload), failures download, clone. */
function ManagePanel({ list }: { list: EmailList }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const uploadArea = useRef<HTMLDivElement>(null);
  const failures = useUploadFailures();
  const clone = useCloneEmailList();
  const uploading = isUploading(list.job);

  const askClone = () => {
    let copy: EmailList | undefined;
    return confirm({
      title: `Clone email list ${list.name}?`,
      content: `A new list with the same category, users and ${count(list.totalCounter)} e-mails will be created.`,
      okText: 'Clone',
      onOk: async () => {
        copy = await clone.mutateAsync(list.id);
      },
    }).then((ok) => {
      if (!ok || !copy) return;
      toast.success('Added successfully!');
      navigate(href('emailListManage', { id: copy.id }));
    });
  };

  const download = () => failures.mutate(list.id, { onError: (e) => errorDialog(e) });
  const providers = list.providersCounters.filter((c) => c.counter > 0);

  return (
    <Flex vertical gap={16}>
      <Flex wrap gap={8} align="center">
        {uploading ? (
          <LoadingPercent list={list} />
        ) : (
          // Opens the upload card's file picker; the card below also takes a dropped file.
          <Button
            type="primary"
            icon={<MailOutlined />}
            onClick={() => uploadArea.current?.querySelector<HTMLInputElement>('input[type=file]')?.click()}
          >
            Add emails to list
          </Button>
        )}
        <Tooltip title={list.failedEmailsUrl ? undefined : 'The latest upload had no failures.'}>
          <Button
            icon={<DownloadOutlined />}
            disabled={!list.failedEmailsUrl}
            loading={failures.isPending}
            onClick={download}
          >
            Get Upload Failures
          </Button>
        </Tooltip>
        <Button icon={<CopyOutlined />} onClick={() => void askClone()}>
          Clone Email List
        </Button>
      </Flex>
      <div ref={uploadArea}>
        <AddEmailsCard
          emailListId={list.id}
          // A job started elsewhere (another tab, the viewer) runs: wait for it before taking another file.
          disabled={uploading}
          // Ask the server rather than assume: a small file may already be imported by now.
          onUploaded={() => void client.invalidateQueries({ queryKey: emailListKey(list.id) })}
        />
      </div>
      <Descriptions
        size="small"
        bordered
        column={2}
        items={[
          { key: 'total', label: 'Total', children: <span data-testid="list-total">{count(list.totalCounter)}</span> },
          { key: 'valid', label: 'Valid', children: <span data-testid="list-valid">{count(list.validCounter)}</span> },
          { key: 'owner', label: 'Owner', children: list.user.username },
          { key: 'created', label: 'Created', children: dayjs(list.created_at.date).format(LIST_DATE) },
          { key: 'uploading', label: 'Uploading', children: <UploadState list={list} /> },
          { key: 'users', label: 'Users', children: list.usersCount },
        ]}
      />
      <div>
        <Typography.Text type="secondary">E-mails by mail provider</Typography.Text>
        <Space size={[6, 6]} wrap style={{ display: 'flex', marginTop: 6 }} data-testid="provider-counters">
          {providers.length === 0 ? (
            <Typography.Text type="secondary">None yet.</Typography.Text>
          ) : (
            providers.map((c) => (
              <Tag key={c.mailProviderName}>
                {c.mailProviderName}: <strong>{count(c.counter)}</strong>
              </Tag>
            ))
          )}
        </Space>
      </div>
    </Flex>
  );
}
