// @ts-nocheck
import { Select } from 'antd';
import { useSelectOptions } from '@/hooks/use-select-options.ts';

/** The PMTA reports' Relay Group filter: every PMTA relay group the user may see; cleared = all groups. */
export function RelayGroupSelect({ value, onChange }: { value?: number; onChange: (group?: number) => void }) {
  const groups = useSelectOptions('/pmta_relay_groups');
  return (
    <Select<number>
      aria-label="Relay Group"
      placeholder="All relay groups"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      options={groups.data}
      loading={groups.isLoading}
      style={{ minWidth: 200 }}
    />
  );
}
