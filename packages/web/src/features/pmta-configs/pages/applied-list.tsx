import { useEffect, useRef } from 'react';
import { Button, Form, Input, Select } from 'antd';
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import {
  APPLIED_FILTER_FIELDS,
  PmtaConfigTypeLabels,
  type AppliedListBody,
  type AppliedPmtaConfig,
} from '@console/shared/pmta-configs';
import { listTable, itemsOf } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useSelection } from '@/hooks/use-selection.ts';
import { href } from '@/lib/routes.ts';
import { useAppliedConfigs } from '../api/applied-pmta-configs.ts';
import { useAppliedActions } from '../components/applied-actions.ts';
import { AppliedTable } from '../components/applied-table.tsx';

const TYPES = [0, 1].map((value) => ({ value, label: PmtaConfigTypeLabels[value as 0 | 1] }));
const VERSIONS = [{ value: 0, label: 'Not uploaded' }];
type FilterField = (typeof APPLIED_FILTER_FIELDS)[number];

/**
 * Applied PMTA Configs: filters (type, config, recipient, owner, not uploaded), checkboxes with bulk Reset
 * version and Delete. The list is a POST of filter pairs and order (spec 3).
 */
export function AppliedList() {
  const list = useCollectionParams({ order: { field: 'id', dir: 'desc' } });
  const body: AppliedListBody = {
    filter: Object.entries(list.filters)
      .filter(
        ([field, v]) => (APPLIED_FILTER_FIELDS as readonly string[]).includes(field) && v !== '' && v !== undefined,
      )
      .map(([field, value]) => ({ field: field as FilterField, value: value! })),
    order: list.order && { field: list.order.field as 'id', direction: list.order.dir },
    _page: list.page,
    itemsPerPage: list.pageSize,
  };
  const applied = useAppliedConfigs(body);
  const selection = useSelection<number>(list.filters);
  const actions = useAppliedActions();
  // The selection outlives its page: the rows seen so far give each chosen id its type.
  const seen = useRef(new Map<number, AppliedPmtaConfig>());
  useEffect(() => {
    for (const r of itemsOf(applied.data)) seen.current.set(r.id, r);
  }, [applied.data]);
  const chosen = () => selection.selected.flatMap((id) => seen.current.get(id) ?? []);
  const bulk = (run: (rows: AppliedPmtaConfig[]) => Promise<boolean>) => () =>
    void run(chosen()).then((ok) => ok && selection.clear());

  return (
    <ListPage
      title="Applied PMTA Configs"
      create={{ label: 'Apply Config', to: href('appliedPmtaConfigCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="configType">
            <Select allowClear placeholder="Type" aria-label="Type" options={TYPES} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="configName">
            <Input allowClear placeholder="Config" aria-label="Config" />
          </Form.Item>
          <Form.Item name="recipient">
            <Input allowClear placeholder="Recipient" aria-label="Recipient" />
          </Form.Item>
          <OwnerFilter aria-label="Owner" />
          <Form.Item name="version">
            <Select allowClear placeholder="Version" aria-label="Version" options={VERSIONS} style={{ width: 150 }} />
          </Form.Item>
        </>
      }
    >
      <AppliedTable
        {...listTable(applied, list)}
        selection={{
          ...selection,
          label: (r) => `applied config ${r.id}`,
          actions: () => (
            <>
              <Button size="small" icon={<RedoOutlined />} onClick={bulk(actions.reset)}>
                Reset version
              </Button>
              <Button size="small" danger icon={<DeleteOutlined />} onClick={bulk(actions.remove)}>
                Delete
              </Button>
            </>
          ),
        }}
      />
    </ListPage>
  );
}
