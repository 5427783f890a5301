import { useMemo, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import type { ColumnType } from 'antd/es/table/interface';
import { DeleteOutlined, SettingOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { EmailList, EmailListPage } from '@console/shared/email-lists';
import type { SelectItem } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { DataTable } from '@/components/data-table.tsx';
import { confirm, errorDialog, toast } from '@/components/feedback.tsx';
import type { SortOrder, TableState } from '@/hooks/use-collection-params.ts';
import { HttpError } from '@/lib/http.ts';
import { LIST_DATE, dayjs } from '@/lib/dayjs.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeleteEmailList } from '../api/delete-email-list.ts';
import { UploadState } from './upload-state.tsx';

export interface EmailListsTableProps {
  data: EmailListPage | undefined;
  /** One count column each, in this order. */
  providers: SelectItem[];
  loading: boolean;
  page: number;
  pageSize: number;
  order?: SortOrder;
  onChange: (next: TableState) => void;
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
      title: `Delete email list ${list.name}?`,
      content: `The list and its ${count(list.totalCounter)} e-mails will be removed.`,
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

  const providerColumns: ColumnType<EmailList>[] = shown.map((p) => ({
    title: p.name,
    key: `provider-${p.id}`,
    align: 'right',
    render: (_, l) => count(counters.get(l.id)?.get(p.name) ?? 0),
  }));
  const foldColumn: ColumnType<EmailList>[] = empty.length
    ? [
        {
          title: (
            <Tooltip
              title={unfolded ? 'Hide the providers without e-mails on this page' : empty.map((p) => p.name).join(', ')}
            >
              <Button size="small" type="link" onClick={() => setUnfolded(!unfolded)} style={{ padding: 0 }}>
                {unfolded ? 'Fewer providers' : `+${empty.length} providers`}
              </Button>
            </Tooltip>
          ),
          key: 'providers-folded',
          align: 'right',
          render: () => (unfolded ? null : <span aria-label="none on this page">0</span>),
        },
      ]
    : [];

  const usersColumn: ColumnType<EmailList>[] = isAdmin
    ? [{ title: 'Users', key: 'users', align: 'right', render: (_, l) => l.usersCount }]
    : [];
  const actionsColumn: ColumnType<EmailList>[] = isAdmin
    ? [
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          render: (_, l) => (
            <Space size="small">
              <Link to={href('emailListManage', { id: l.id })}>
                <Button size="small" icon={<SettingOutlined />} aria-label={`Manage ${l.name}`}>
                  Manage
                </Button>
              </Link>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${l.name}`}
                onClick={() => void askDelete(l)}
              >
                Delete
              </Button>
            </Space>
          ),
        },
      ]
    : [];

  return (
    <DataTable<EmailList>
      {...props}
      emptyText="No email lists found."
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 70, fixed: 'left', sorter: true },
        {
          title: 'Name',
          key: 'name',
          fixed: 'left',
          sorter: true,
          ellipsis: true,
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
        {
          title: 'Created',
          key: 'created_at',
          sorter: true,
          render: (_, l) => dayjs(l.created_at.date).format(LIST_DATE),
        },
        ...usersColumn,
        // Pinned beside the actions: the live state stays in view however far the provider columns scroll.
        { title: 'Uploading', key: 'uploading', fixed: 'right', render: (_, l) => <UploadState list={l} /> },
        ...actionsColumn,
      ]}
    />
  );
}
