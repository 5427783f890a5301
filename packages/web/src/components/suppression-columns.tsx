import { Button, Typography } from 'antd';
import { UndoOutlined } from '@ant-design/icons';
import type { ColumnType } from 'antd/es/table/interface';
import type { SelectItem } from '@console/shared/hydra';
import { dayjs } from '@/lib/dayjs.ts';

/*
 * The columns Bounced Emails and Complaint Emails share: an address suppressed after `count` events, the last
 * one's time (the first under it), the campaign and relay of the last one, and the Lift button.
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
