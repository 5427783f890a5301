// @ts-nocheck
import { Form, Input, Select } from 'antd';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { href } from '@/lib/routes.ts';
import { usePmtaConfigTypes, usePmtaConfigs } from '../api/pmta-configs.ts';
import { PmtaConfigsTable } from '../components/pmta-configs-table.tsx';

/** PMTA Config Files (administrators): type and name filters, sortable columns. */
export function PmtaConfigList() {
  const list = useCollectionParams();
  const configs = usePmtaConfigs(list.query);
  const types = usePmtaConfigTypes();
  return (
    <ListPage
      title="PMTA Config Files"
      create={{ label: 'Add Config', to: href('pmtaConfigCreate') }}
      list={list}
      filters={
        <>
          <Form.Item name="type">
            <Select allowClear placeholder="Type" aria-label="Type" options={types.data} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="name">
            <Input allowClear placeholder="Name" aria-label="Name" />
          </Form.Item>
        </>
      }
    >
      <PmtaConfigsTable {...listTable(configs, list)} />
    </ListPage>
  );
}
