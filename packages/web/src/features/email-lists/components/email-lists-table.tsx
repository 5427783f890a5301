import { useMemo, useState } from 'react';
import { Button, Space, Tooltip, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { EmailList, EmailListPage } from '@console/shared/email-lists';
import type { SelectItem } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { DataTable, type ListTableProps } from '@/components/data-table.tsx';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import { HttpError } from '@/lib/http.ts';
import { LIST_DATE, dayjs } from '@/lib/dayjs.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteEmailList } from '../api/email-lists.ts';
import { UploadState } from './upload-state.tsx';

export interface EmailListsTableProps extends ListTableProps<EmailListPage> {
  /** One count column each, in this order. */
  providers: SelectItem[];
}

const count = (n: number) => n.toLocaleString('en-US');

export function EmailListsTable({ providers, ...props }: EmailListsTableProps) {
  const isAdmin = useIsAdmin();
  const remove = useDeleteEmailList();

  // providersCounters by provider name, once per row, rather than a search per cell.
  const counters = useMemo(() => {
    const byRow = new Map<number, Map<string, number>>();
    for (const l of props.data?.items ?? [])
      byRow.set(l.id, new Map(l.providersCounters.map((c) => [c.mailProviderName, c.counter])));
    return byRow;
  }, [props.data]);

  const askDelete = (list: EmailList) => {
    // A 500 closes the dialog and shows the spec's 'Attention!' warning; other refusals stay in the dialog.
    let crashed = false;
    return confirm({
      title: 'Are you sure you want to delete?',
      content: `Email list ${list.name} and its ${count(list.totalCounter)} e-mails will be removed.`,
      okText: 'Delete',
      danger: true,
      onOk: () =>
        remove.mutateAsync(list.id).catch((e: unknown) => {
          if (!(e instanceof HttpError && e.status >= 500)) throw e;
          crashed = true;
          errorDialog(e, 'Attention!', 'warning');
        }),
    }).then((ok) => ok && !crashed && toast.success('Deleted successfully!'));
  };

  // One column per mail provider (spec), in the API's name order, which never changes between searches.
  // Providers without a single e-mail on this page are folded into one column that unfolds on demand:
  // with seventy providers the table would otherwise be thousands of pixels wide (decision 0403).
  const [unfolded, setUnfolded] = useState(false);
  const used = new Set<string>();
  for (const byName of counters.values()) for (const [name, n] of byName) if (n > 0) used.add(name);
  const empty = providers.filter((p) => !used.has(p.name));
  const shown = unfolded ? providers : providers.filter((p) => used.has(p.name));
  const toggle = () => setUnfolded(!unfolded);

  const providerColumns: ColumnType<EmailList>[] = shown.map((p) => ({
    title: p.name,
    key: `provider-${p.id}`,
    align: 'right',
    render: (_, l) => count(counters.get(l.id)?.get(p.name) ?? 0),
  }));
  const foldColumn: ColumnType<EmailList>[] =
    empty.length && !unfolded
      ? [
          {
            title: (
              <Tooltip title={`No e-mails on this page: ${empty.map((p) => p.name).join(', ')}`}>
                <Button size="small" type="link" onClick={toggle} style={{ padding: 0 }}>
                  +{empty.length} providers
                </Button>
              </Tooltip>
            ),
            key: 'providers-folded',
            align: 'right',
            render: () => <Typography.Text type="secondary">0</Typography.Text>,
          },
        ]
      : [];
  // Above the table, so the switch is in reach whichever way the provider columns are scrolled.
  const toolbar = empty.length > 0 && (
    <Space size={4} wrap>
      <Typography.Text type="secondary">
        {unfolded
          ? `All ${providers.length} mail providers shown.`
          : `${shown.length} of ${providers.length} mail providers shown; the other ${empty.length} have no e-mails on this page.`}
      </Typography.Text>
      <Button size="small" type="link" onClick={toggle} style={{ padding: 0 }}>
        {unfolded ? `Fold the ${empty.length} without e-mails` : `Show all ${providers.length}`}
      </Button>
    </Space>
  );

  // Pinned on the right, in the spec's order: what a row is doing and what can be done with it are always
  // in view, however far the provider columns are scrolled. The actions are icons (with their names as
  // tooltips and labels) so that the scrolling part keeps some room at 1000 px.
  const rightColumns: ColumnType<EmailList>[] = [
    {
      title: 'Created',
      key: 'created_at',
      sorter: true,
      fixed: 'right',
      render: (_, l) => dayjs(l.created_at.date).format(LIST_DATE),
    },
    { title: 'Uploading', key: 'uploading', fixed: 'right', render: (_, l) => <UploadState list={l} /> },
    ...(isAdmin
      ? ([
          { title: 'Users', key: 'users', align: 'right', fixed: 'right', render: (_, l) => l.usersCount },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            render: (_, l) => (
              <Space size={4}>
                <Tooltip title="Manage">
                  <Link to={href('emailListManage', { id: l.id })}>
                    <Button size="small" icon={<SettingOutlined />} aria-label={`Manage ${l.name}`} />
                  </Link>
                </Tooltip>
                <Tooltip title="Delete">
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${l.name}`}
                    onClick={() => void askDelete(l)}
                  />
                </Tooltip>
              </Space>
            ),
          },
        ] satisfies ColumnType<EmailList>[])
      : []),
  ];

  return (
    <DataTable<EmailList>
      {...props}
      emptyText="No email lists found."
      toolbar={toolbar}
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 72, fixed: 'left', sorter: true },
        {
          title: 'Name',
          key: 'name',
          fixed: 'left',
          sorter: true,
          // Wraps instead of an ellipsis: a one-line name kept the table wider than 1000 px (issue 22).
          width: 180,
          render: (_, l) => (
            <Link to={href('emailListEmails', { id: l.id })} title={l.name}>
              {l.name}
            </Link>
          ),
        },
        { title: 'Total', key: 'totalCounter', align: 'right', sorter: true, render: (_, l) => count(l.totalCounter) },
        { title: 'Valid', key: 'validCounter', align: 'right', sorter: true, render: (_, l) => count(l.validCounter) },
        ...providerColumns,
        ...foldColumn,
        ...rightColumns,
      ]}
    />
  );
}
