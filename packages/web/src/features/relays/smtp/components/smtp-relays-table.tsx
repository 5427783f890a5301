import type { HydraCollection } from '@console/shared/hydra';
import { type SmtpRelay } from '@console/shared/smtp-relays';
import { DataTable, withTitleMinWidths, type ListTableProps, type Selection } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { RatingTag } from '@/components/rating-tag.tsx';
import { activeColumn, relayActionsColumn } from '../../components/relay-columns.tsx';
import { useDeleteSmtpRelay } from '../api/smtp-relays.ts';
import { RelayPauses } from './relay-pauses.tsx';

export interface SmtpRelaysTableProps extends ListTableProps<HydraCollection<SmtpRelay>> {
  selection: Selection<SmtpRelay>;
}

/**
 * select, ID, Group, SMTP server, Account, Status, Active, Actions; all but Actions sort (spec 2). Ours before
 * Actions: Paused, the mail services the relay is paused for, each with its reason, since when and Resume.
 */
export function SmtpRelaysTable(props: SmtpRelaysTableProps) {
  const remove = useDeleteSmtpRelay();
  const askDelete = (r: SmtpRelay) =>
    confirmDelete(`Relay #${r.id} ${r.account} (${r.smtpServer.name})`, () => remove.mutateAsync(r.id));

  return (
    <DataTable<SmtpRelay>
      {...props}
      emptyText="Nothing to show."
      selection={{ ...props.selection, label: (r) => r.account }}
      columns={withTitleMinWidths([
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        { title: 'Group', key: 'group.name', sorter: true, render: (_, r) => r.group.name },
        { title: 'SMTP server', key: 'smtpServer.name', sorter: true, render: (_, r) => r.smtpServer.name },
        { title: 'Account', dataIndex: 'account', key: 'account', sorter: true },
        { title: 'Status', key: 'status', sorter: true, width: 100, render: (_, r) => <RatingTag value={r.status} /> },
        activeColumn<SmtpRelay>(),
        { title: 'Paused', key: 'pauses', render: (_, r) => <RelayPauses relay={r} compact /> },
        relayActionsColumn<SmtpRelay>('smtp', (r) => r.account, askDelete, 190),
      ])}
    />
  );
}
