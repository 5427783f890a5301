import { useState } from 'react';
import { Alert, Button, Modal, Space, Spin, Tag } from 'antd';
import { DeleteOutlined, HistoryOutlined } from '@ant-design/icons';
import type { EmailRow, EmailsPage } from '@console/shared/email-lists';
import { DataTable, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { AddressHistory } from '@/components/address-history.tsx';
import { HttpError, errorLines } from '@/lib/http.ts';
import { useSession } from '@/lib/session.ts';
import { useDeleteEmail, useEmailHistory } from '../api/email-lists.ts';

export interface EmailsTableProps extends ListTableProps<EmailsPage> {
  emailListId: number;
  /** The checkboxes (`useSelection()` and 'Select all'), for the list's owner or an administrator; else none. */
  selection?: Omit<Selection<EmailRow>, 'label'>;
}

/** 'Delete failed: {error}' for a 500 (spec §8); other refusals read 'Failed: {error}'. */
const deleteFailure = (e: unknown) =>
  `${e instanceof HttpError && e.status >= 500 ? 'Delete failed: ' : 'Failed: '}${errorLines(e)[0] ?? 'Some error occurred.'}`;

/**
 * An address's history as the caller may see it (decision 1480): an administrator all of it, anyone else
 * the soft bounces, complaint and delivery of their own campaigns.
 */
function HistoryModal({ emailListId, row, onClose }: { emailListId: number; row?: EmailRow; onClose: () => void }) {
  const session = useSession();
  const history = useEmailHistory(emailListId, row?.id);
  return (
    <Modal
      title={row && `History of ${row.email}`}
      open={row !== undefined}
      onCancel={onClose}
      footer={null}
      width={640}
    >
      {history.isPending && <Spin />}
      {history.isError && (
        <Alert type="error" showIcon message={errorLines(history.error)[0] ?? 'Some error occurred.'} />
      )}
      {history.data && <AddressHistory history={history.data.history} mine={!session?.isAdmin} />}
    </Modal>
  );
}

/** The e-mails of one list: checkbox, ID, Email (with its History button), Name, Surname, Valid, Delete. */
export function EmailsTable({ emailListId, selection, ...props }: EmailsTableProps) {
  const canChange = selection !== undefined;
  const [shown, setShown] = useState<EmailRow>();
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
    <>
      <HistoryModal emailListId={emailListId} row={shown} onClose={() => setShown(undefined)} />
      <DataTable<EmailRow>
        {...props}
        emptyText="No e-mails found."
        selection={selection && { ...selection, label: (r) => r.email }}
        columns={[
          { title: 'ID', dataIndex: 'id', key: 'id', width: 90 },
          // The address's history (decision 1480) opens from beside it: the spec's columns stay as they are.
          {
            title: 'Email',
            key: 'email',
            render: (_, r) => (
              <Space size={4}>
                {r.email}
                <Button
                  size="small"
                  type="text"
                  icon={<HistoryOutlined />}
                  aria-label={`History of ${r.email}`}
                  title="History"
                  onClick={() => setShown(r)}
                />
              </Space>
            ),
          },
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
    </>
  );
}
