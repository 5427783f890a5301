import { useState, type ReactNode } from 'react';
import type { HydraCollection } from '@console/shared/hydra';
import { type PmtaRelay } from '@console/shared/pmta-relays';
import { DataTable, type ListTableProps, type Selection, withTitleMinWidths } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { activeColumn, relayActionsColumn } from '../../components/relay-columns.tsx';
import { useDeletePmtaRelay } from '../api/pmta-relays.ts';
import { DescriptionCell } from '@/components/relay-description-cell.tsx';
import { RelayPauseList } from '@/components/relay-pause.tsx';
import { ReputationsDialog } from './reputations-dialog.tsx';
import { StatusButton } from './status-tag.tsx';

export interface PmtaRelaysTableProps extends ListTableProps<HydraCollection<PmtaRelay>> {
  selection: Selection<PmtaRelay>;
  /** Beside the Total: the Poor count. */
  toolbar?: ReactNode;
}

/** select, ID, Type, Smtp Host, IP, Pmta Server, Group, Status, Paused, Active, Description, Actions; nine columns sort. */
export function PmtaRelaysTable(props: PmtaRelaysTableProps) {
  const remove = useDeletePmtaRelay();
  const [reputationsOf, setReputationsOf] = useState<number>();
  const askDelete = (r: PmtaRelay) =>
    confirmDelete(`Relay #${r.id} ${r.smtpHost} (${r.ip})`, () => remove.mutateAsync(r.id));

  return (
    <>
      <DataTable<PmtaRelay>
        {...props}
        emptyText="Nothing to show."
        selection={{ ...props.selection, label: (r) => r.smtpHost }}
        columns={withTitleMinWidths<PmtaRelay>([
          // Narrow ID and Type: fewer columns to scroll to beside the pinned Actions at 1000 px (issue 22).
          { title: 'ID', dataIndex: 'id', key: 'id', width: 64, sorter: true },
          {
            title: 'Type',
            key: 'pmtaServer.isVps',
            sorter: true,
            width: 64,
            render: (_, r) => (r.pmtaServer.isVps ? 'VPS' : 'Net'),
          },
          { title: 'Smtp Host', dataIndex: 'smtpHost', key: 'smtpHost', sorter: true },
          // An address never breaks inside itself.
          {
            title: 'IP',
            key: 'ip',
            sorter: true,
            render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{r.ip}</span>,
          },
          { title: 'Pmta Server', key: 'pmtaServer.name', sorter: true, render: (_, r) => r.pmtaServer.name },
          { title: 'Group', key: 'group.name', sorter: true, render: (_, r) => r.group.name },
          {
            title: 'Status',
            key: 'status',
            sorter: true,
            width: 100,
            render: (_, r) => (
              <StatusButton
                status={r.status}
                label={`Reputations of ${r.smtpHost}`}
                onClick={() => setReputationsOf(r.id)}
              />
            ),
          },
          // The mail services the console switched it off for (decision 1481): resumed from the Mail Services card.
          // Beside Status, where it is seen without scrolling (before Actions it sat behind the pinned column).
          {
            title: 'Paused',
            key: 'pauses',
            render: (_, r) => <RelayPauseList pauses={r.pauses} compact />,
          },
          activeColumn<PmtaRelay>(),
          {
            title: 'Description',
            key: 'description',
            sorter: true,
            render: (_, r) => <DescriptionCell kind="pmta" relayId={r.id} description={r.description} />,
          },
          relayActionsColumn<PmtaRelay>('pmta', (r) => r.smtpHost, askDelete),
          // No title squeezed inside a word ('Descrip tion'): at 1000 px the table scrolls sideways instead.
        ])}
      />
      <ReputationsDialog relayId={reputationsOf} onClose={() => setReputationsOf(undefined)} />
    </>
  );
}
