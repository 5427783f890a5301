import { useState } from 'react';
import { Select, Space, Typography } from 'antd';
import type { RelayKind } from '@console/shared/relays';
import { useSelectOptions } from '@/hooks/use-select-options.ts';

/** Column names as code, for an upload's hint. */
export const columnNames = (names: readonly string[]) =>
  names.map((c) => (
    <Typography.Text code key={c}>
      {c}
    </Typography.Text>
  ));

/**
 * The server and relay group a relay upload (ver 1) goes into, picked from the owner's above the file:
 * `data` for the upload's form, `chosen` once both are, `picker` the two selects (`disabled` while the owner
 * is unknown, where the kind says so).
 */
export function useUploadTarget(kind: RelayKind, ownerId: number | undefined, enabled = true) {
  const [serverId, setServerId] = useState<number>();
  const [groupId, setGroupId] = useState<number>();
  const servers = useSelectOptions(`/${kind}_servers`, { 'user.id': ownerId }, enabled);
  const groups = useSelectOptions(`/${kind}_relay_groups`, { 'archive[exists]': 'false', 'user.id': ownerId }, enabled);
  const off = (disabled: boolean | undefined) => (disabled === undefined ? {} : { disabled });
  const picker = (disabled?: boolean) => (
    <Space wrap>
      <Select
        aria-label="Upload server"
        placeholder={`${kind.toUpperCase()} server`}
        options={servers.data}
        value={serverId}
        onChange={setServerId}
        {...off(disabled)}
        style={{ minWidth: 180 }}
      />
      <Select
        aria-label="Upload group"
        placeholder="Relay group"
        options={groups.data}
        value={groupId}
        onChange={setGroupId}
        {...off(disabled)}
        style={{ minWidth: 180 }}
      />
    </Space>
  );
  return { data: { serverId, groupId }, chosen: Boolean(serverId && groupId), picker };
}
