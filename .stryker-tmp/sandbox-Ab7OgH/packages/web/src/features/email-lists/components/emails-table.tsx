// @ts-nocheck
import { Button, Tag } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { EmailRow, EmailsPage } from '@console/shared/email-lists';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { HttpError, errorLines } from '@/lib/http.ts';
import { useDeleteEmail } from '../api/email-lists.ts';

export interface EmailsTableProps extends ListTableProps<EmailsPage> {
  emailListId: number;
  /** The checkboxes (`useSelection()` and 'Select all'), for the list's owner or an administrator; else none. */
  selection?: Omit<Selection<EmailRow>, 'label'>;
}

/** 'Delete failed: {error}' for a 500 (spec §8); other refusals read 'Failed: {error}'. */
const deleteFailure = (e: unknown) =>
  `${e instanceof HttpError && e.status >= 500 ? 'Delete failed: ' : 'Failed: '}${errorLines(e)[0] ?? 'Some error occurred.'}`;

/** The e-mails of one list: checkbox, ID, Email, Name, Surname, Valid, Delete. */
export function EmailsTable({ emailListId, selection, ...props }: EmailsTableProps) {
  const canChange = selection !== undefined;
  const remove = useDeleteEmail();
  const askDelete = (row: EmailRow) =>
    confirm({
      title: `Delete ${row.email}?`,
      content: 'The e-mail will be removed from the list.',
      okText: 'Delete',
      danger: true,
      onOk: () => remove.mutateAsync({ emailId: row.id, emailListId }),
      errorMessage: deleteFailure,
    }).then((ok) => {
      if (!ok) return;
      selection?.onChange(selection.selected.filter((id) => id !== row.id));
      toast.success('Deleted successfully!');
    });

  return (
    <DataTable<EmailRow>
      {...props}
      emptyText="No e-mails found."
      selection={selection && { ...selection, label: (r) => r.email }}
      columns={[
        { title: 'ID', dataIndex: 'id', key: 'id', width: 90 },
        { title: 'Email', dataIndex: 'email', key: 'email' },
        { title: 'Name', key: 'first_name', render: (_, r) => r.first_name ?? '' },
        { title: 'Surname', key: 'last_name', render: (_, r) => r.last_name ?? '' },
        {
          title: 'Valid',
          key: 'valid',
          width: 90,
          render: (_, r) => (r.valid ? <Tag color="success">Yes</Tag> : <Tag color="error">No</Tag>),
        },
        ...(canChange
          ? [
              {
                title: 'Delete',
                key: 'delete',
                width: 90,
                render: (_: unknown, r: EmailRow) => (
                  <Button
                    size="small"
                    danger
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={`Delete ${r.email}`}
                    onClick={() => void askDelete(r)}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}
