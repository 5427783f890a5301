import { Button, Space, Typography } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import type { HydraCollection } from '@console/shared/hydra';
import type { WarmupPlan } from '@console/shared/warmup-plans';
import { DataTable, type ListTableProps, ownerColumn, withTitleMinWidths } from '@/components/data-table.tsx';
import { confirmDelete } from '@/components/feedback.tsx';
import { DeleteButton, EditButton } from '@/components/row-actions.tsx';
import { href } from '@/lib/routes.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useDeletePlan } from '../api/warmup-plans.ts';

/** Mail services and their first and last day: "Gmail 50 → 50000 · Others 100 → 150000". */
export const rampText = (services: { name: string | null; perDay: number[] }[]) =>
  services.map((s) => `${s.name ?? 'Others'} ${s.perDay[0]} → ${s.perDay.at(-1)}`).join(' · ');
const scheduleOf = (p: WarmupPlan) =>
  rampText(p.services.map((s) => ({ name: s.mailProvider?.name ?? null, perDay: s.perDay })));

/** ID, Name, Days, Schedule, Relays, Owner (admin), Actions Attach, Edit, Delete. */
export function PlansTable({
  onAttach,
  ...props
}: ListTableProps<HydraCollection<WarmupPlan>> & { onAttach: (p: WarmupPlan) => void }) {
  const isAdmin = useIsAdmin();
  const remove = useDeletePlan();
  const askDelete = (p: WarmupPlan) =>
    confirmDelete(
      `Warm-up plan ${p.name}: its ${p.relays} relays leave it.`,
      () => remove.mutateAsync(p.id),
      'Delete failed: ',
    );
  return (
    <DataTable<WarmupPlan>
      {...props}
      emptyText="No warm-up plan yet: copy a ready-made one or add your own."
      columns={withTitleMinWidths([
        { title: 'ID', dataIndex: 'id', key: 'id', width: 80, sorter: true },
        {
          title: 'Name',
          dataIndex: 'name',
          key: 'name',
          sorter: true,
          onCell: () => ({ style: { minWidth: 140 } }),
        },
        { title: 'Days', dataIndex: 'days', key: 'days', width: 90, sorter: true },
        {
          title: 'Schedule',
          key: 'schedule',
          onCell: () => ({ style: { minWidth: 220 } }),
          // Wraps: a one-line 420 px schedule crushed Name and Owner to a letter a line at 1000 px.
          render: (_, p) => (
            <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 420 }}>
              {scheduleOf(p)}
            </Typography.Text>
          ),
        },
        { title: 'Relays', dataIndex: 'relays', key: 'relays', width: 90 },
        ...ownerColumn<WarmupPlan>(isAdmin),
        {
          title: 'Actions',
          key: 'actions',
          fixed: 'right',
          width: 260,
          render: (_, p) => (
            <Space size="small">
              <Button
                size="small"
                icon={<LinkOutlined />}
                aria-label={`Attach plan ${p.name}`}
                onClick={() => onAttach(p)}
              >
                Attach
              </Button>
              <EditButton to={href('warmupPlanEdit', { id: p.id })} label={`Edit plan ${p.name}`} />
              <DeleteButton label={`Delete plan ${p.name}`} onClick={() => void askDelete(p)} />
            </Space>
          ),
        },
      ])}
    />
  );
}
