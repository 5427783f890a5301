// @ts-nocheck
import type { Key } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import {
  PmtaSpeedMessages as M,
  SYNC_WARN_OVER,
  type PmtaSpeed,
  type PmtaSpeedsAnswer,
} from '@console/shared/pmta-speeds';
import { SELECT_ALL_MAX, listTable } from '@/components/data-table.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { SelectFilter } from '@/components/filter-bar.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { errorLines } from '@/lib/http.ts';
import { href } from '@/lib/routes.ts';
import { getPmtaSpeeds, useDeletePmtaSpeeds, usePmtaSpeeds, useSyncPmtaSpeeds } from '../api/pmta-speeds.ts';
import { PmtaSpeedsTable, speedName } from '../components/pmta-speeds-table.tsx';

const SYNC_STATES = [
  { value: '', label: 'All' },
  { value: 'false', label: 'Not synchronised' },
  { value: 'true', label: 'Synchronised' },
];

/** The failures of a Sync or Delete, one line each (at most five). */
const failures = (a: PmtaSpeedsAnswer) =>
  a.failed
    .slice(0, 5)
    .map((f) => `#${f.id}: ${f.error}`)
    .concat(a.failed.length > 5 ? [`and ${a.failed.length - 5} more`] : [])
    .join('\n');

/**
 * PMTA Speeds (admin): relay, mail service, server and sync state filters; selection with Sync and Delete;
 * Edit and Delete per row. Sync beyond 3 speeds asks first (the spec's warning).
 */
export function PmtaSpeedList() {
  const list = useCollectionParams();
  const speeds = usePmtaSpeeds(list.query);
  const selection = useSelection<number>(list.filters);
  const providers = useSelectOptions('/mail_providers');
  const servers = useSelectOptions('/pmta_servers');
  const sync = useSyncPmtaSpeeds();
  const remove = useDeletePmtaSpeeds();

  const runSync = async (ids: number[]) => {
    if (
      ids.length > SYNC_WARN_OVER &&
      !(await confirm({ title: 'Sync', content: M.syncWarning, okText: 'Sync anyway' }))
    )
      return;
    try {
      const answer = await sync.mutateAsync(ids);
      if (answer.failed.length) toast.error(M.syncFailed, { description: failures(answer) });
      else toast.success(M.synced, { description: M.syncedText });
      selection.clear();
    } catch (e) {
      toast.error(M.syncFailed, { description: errorLines(e).join('\n') });
    }
  };

  const askDelete = (ids: number[], what: string) =>
    confirm({
      title: 'Are you sure you want to delete?',
      content: what,
      okText: 'Confirm',
      danger: true,
      errorPrefix: 'Error: ',
      onOk: async () => {
        const answer = await remove.mutateAsync(ids);
        if (answer.failed.length) throw new Error(failures(answer));
      },
    }).then((ok) => {
      if (!ok) return;
      toast.success('Deleted successfully!', { description: M.deleted });
      selection.clear();
    });

  const actions = (keys: Key[]) => {
    const ids = keys.map(Number);
    return (
      <Space wrap>
        <Button icon={<SyncOutlined />} loading={sync.isPending} onClick={() => void runSync(ids)}>
          Sync
        </Button>
        <Button danger onClick={() => void askDelete(ids, `${ids.length} speed(s)`)}>
          Delete
        </Button>
      </Space>
    );
  };

  return (
    <ListPage
      title="PMTA Speeds"
      create={{ label: 'Add Speed', to: href('pmtaSpeedCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="pmtaRelay.smtpHost">
            <Input allowClear placeholder="PMTA Relay" aria-label="PMTA Relay" />
          </Form.Item>
          <SelectFilter name="provider.id" label="Mail Service" options={providers.data} />
          <SelectFilter name="pmtaRelay.pmtaServer.id" label="PMTA Server" options={servers.data} />
          <Form.Item name="synced" initialValue="">
            <Select options={SYNC_STATES} aria-label="Sync state" style={{ width: 170 }} />
          </Form.Item>
        </>
      }
    >
      <PmtaSpeedsTable
        {...listTable(speeds, list)}
        onDelete={(s: PmtaSpeed) => void askDelete([s.id], speedName(s))}
        selection={{
          ...selection,
          actions,
          label: speedName,
          allKeys: () =>
            getPmtaSpeeds({ ...list.query, _page: 1, itemsPerPage: SELECT_ALL_MAX }).then((p) =>
              p['hydra:member'].map((s) => s.id),
            ),
        }}
      />
    </ListPage>
  );
}
