// @ts-nocheck
import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import { http } from '@/lib/http.ts';
import { useIsAdmin } from '@/lib/session.ts';

/** The users select list (admin only): GET /api/users?groups[]=select&pagination=false. */
export function useUserOptions(enabled = true) {
  return useQuery({
    queryKey: ['users', 'select'],
    queryFn: () =>
      http.get<HydraCollection<SelectItem>>('/users', {
        query: { 'groups[]': 'select', pagination: 'false' },
        errorPage: false,
      }),
    select: (c) => c['hydra:member'].map((u) => ({ value: u.id, label: u.name })),
    enabled,
    staleTime: 60_000,
  });
}

/** A searchable select of users; also the Owner selector of admin forms. Value: the user's id. */
export function OwnerSelect(props: SelectProps<number>) {
  const isAdmin = useIsAdmin();
  const { data, isLoading } = useUserOptions(isAdmin);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      allowClear
      placeholder="Owner"
      loading={isLoading}
      options={data}
      style={{ minWidth: 180 }}
      {...props}
    />
  );
}

export interface OwnerFilterProps extends SelectProps<number> {
  /** The filter's API key; 'user.id' unless the endpoint says otherwise. */
  name?: string;
}

/** The owner filter of list screens, shown to administrators only. Use inside <FilterBar>. */
export function OwnerFilter({ name = 'user.id', ...props }: OwnerFilterProps) {
  const isAdmin = useIsAdmin();
  if (!isAdmin) return null;
  return (
    <Form.Item name={name}>
      <OwnerSelect placeholder="All owners" {...props} />
    </Form.Item>
  );
}
