import { Button, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { Key } from 'react';
import type { ColumnType } from 'antd/es/table/interface';
import type { SelectItem } from '@console/shared/hydra';
import { confirm, toast } from '@/components/feedback.tsx';
import { dayjs } from '@/lib/dayjs.ts';

/*
 * What Bounced Emails and Complaints share: an address suppressed after `count` events; columns for the last
 * one's time (the first under it), its campaign and relay, and Lift; lifting one or the selected, confirmed.
 */

const at = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** The last event's time, and the first's under it when there were several. */
export function lastAndFirstColumn<T extends { count: number }>(
  title: string,
  key: string,
  last: (r: T) => string,
  first: (r: T) => string,
): ColumnType<T> {
  return {
    title,
    key,
    width: 140,
    sorter: true,
    render: (_, r) => (
      <>
        <div>{at(last(r))}</div>
        {r.count > 1 && <Typography.Text type="secondary">first {at(first(r))}</Typography.Text>}
      </>
    ),
  };
}

/** The last event's campaign over its relay, each cut with an ellipsis and whole on hover (issue 38). */
export function campaignRelayColumn<
  T extends { campaign: SelectItem | null; relay: SelectItem | null },
>(): ColumnType<T> {
  return {
    title: 'Campaign / relay',
    key: 'campaign',
    width: 140,
    ellipsis: true,
    render: (_, r) =>
      r.campaign || r.relay ? (
        <>
          <Typography.Text ellipsis={{ tooltip: r.campaign?.name }} style={{ display: 'block' }}>
            {r.campaign?.name ?? '—'}
          </Typography.Text>
          <Typography.Text type="secondary" ellipsis={{ tooltip: r.relay?.name }} style={{ display: 'block' }}>
            {r.relay?.name ?? '—'}
          </Typography.Text>
        </>
      ) : (
        '—'
      ),
  };
}

/** Lift: takes the address off the list (the page confirms first). */
export function liftColumn<T extends { email: string }>(onLift: (row: T) => void): ColumnType<T> {
  return {
    title: 'Actions',
    key: 'actions',
    width: 90,
    render: (_, r) => (
      <Button size="small" icon={<UndoOutlined />} aria-label={`Lift e-mail ${r.email}`} onClick={() => onLift(r)}>
        Lift
      </Button>
    ),
  };
}

/** Lifting one row or the selected ones: a confirmation first, a toast after, the selection cleared. */
export function liftActions<T extends { id: number }>(opts: {
  messages: { liftConfirm: (n: number) => string; lifted: (n: number) => string };
  one: (id: number) => Promise<unknown>;
  many: (ids: number[]) => Promise<unknown>;
  selection: { clear: () => void };
}) {
  const { messages: M } = opts;
  const ask = (n: number, lift: () => Promise<unknown>) =>
    confirm({
      title: 'Lift the suppression?',
      content: M.liftConfirm(n),
      okText: 'Lift',
      danger: true,
      onOk: lift,
    }).then((ok) => ok && toast.success(M.lifted(n)));
  return {
    one: (row: T) => void ask(1, () => opts.one(row.id)),
    /** The table's bulk action. */
    selected: (keys: Key[]) => (
      <Button
        size="small"
        danger
        icon={<UndoOutlined />}
        onClick={() =>
          void ask(keys.length, () => opts.many(keys as number[])).then((ok) => ok && opts.selection.clear())
        }
      >
        Lift selected
      </Button>
    ),
  };
}
