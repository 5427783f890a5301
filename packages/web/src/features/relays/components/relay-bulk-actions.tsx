import { useState, type Key } from 'react';
import { Button, Modal, Radio, Select, Space } from 'antd';
import { type RelayKind } from '@console/shared/relays';
import { toast, confirmDelete } from '@/components/feedback.tsx';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { errorLines } from '@/lib/http.ts';
import { bulkCalls } from '@/lib/relays.ts';

export interface BulkActionsProps {
  kind: RelayKind;
  keys: Key[];
  onDone: () => void;
  /** The owner filter of the list: the target groups offered are theirs. */
  ownerId?: number;
}

/** Move to Group, Change Activity and Delete for the selected relays of one kind (shown only with a selection). */
export function BulkActions({ kind, keys, onDone, ownerId }: BulkActionsProps) {
  const relaysIds = keys.map(Number);
  const calls = bulkCalls[kind];
  const move = calls.useBulkMove();
  const activity = calls.useBulkActivity();
  const remove = calls.useBulkDelete();
  const groups = useSelectOptions(`/${kind}_relay_groups`, { 'archive[exists]': 'false', 'user.id': ownerId });
  const [dialog, setDialog] = useState<'move' | 'activity' | null>(null);
  const [groupId, setGroupId] = useState<number>();
  const [active, setActive] = useState(true);
  const done = () => {
    setDialog(null);
    onDone();
  };
  const finish = (message: string) => {
    toast.success(message);
    done();
  };
  const error = (e: unknown) => toast.error(`Error: ${errorLines(e)[0] ?? 'Some error occurred.'}`);

  return (
    <Space wrap>
      <Button onClick={() => setDialog('move')}>Move to Group</Button>
      <Button onClick={() => setDialog('activity')}>Change Activity</Button>
      <Button
        danger
        onClick={() =>
          void confirmDelete(`${relaysIds.length} relay(s)`, () => remove.mutateAsync({ relaysIds })).then(
            (ok) => ok && done(),
          )
        }
      >
        Delete
      </Button>
      <Modal
        open={dialog === 'move'}
        title={`Move ${relaysIds.length} relay(s) to a group`}
        okText="Move"
        okButtonProps={{ disabled: !groupId, loading: move.isPending }}
        onOk={() =>
          move.mutate({ relaysIds, groupId: groupId! }, { onSuccess: (r) => finish(r.message), onError: error })
        }
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Select
          aria-label="Target group"
          placeholder="Relay group"
          showSearch={{ optionFilterProp: 'label' }}
          options={groups.data}
          loading={groups.isLoading}
          value={groupId}
          onChange={setGroupId}
          style={{ width: '100%' }}
        />
      </Modal>
      <Modal
        open={dialog === 'activity'}
        title={`Change the activity of ${relaysIds.length} relay(s)`}
        okText="Change"
        okButtonProps={{ loading: activity.isPending }}
        onOk={() =>
          activity.mutate({ relaysIds, activity: active }, { onSuccess: (r) => finish(r.message), onError: error })
        }
        onCancel={() => setDialog(null)}
        destroyOnHidden
      >
        <Radio.Group value={active} onChange={(e) => setActive(e.target.value as boolean)} aria-label="Activity">
          <Radio value={true}>Active</Radio>
          <Radio value={false}>Inactive</Radio>
        </Radio.Group>
      </Modal>
    </Space>
  );
}
