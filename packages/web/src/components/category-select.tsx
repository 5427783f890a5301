import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { HydraCollection, SelectItem } from '@console/shared/hydra';
import { http } from '@/lib/http.ts';

/**
 * The categories select list: GET /api/categories?groups[]=select&pagination=false. Under the
 * ['categories'] key, so a change on the Categories screen refreshes every select.
 */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'select'],
    queryFn: () =>
      http.get<HydraCollection<SelectItem>>('/categories', { query: { 'groups[]': 'select', pagination: 'false' } }),
    select: (c) => c['hydra:member'].map((x) => ({ value: x.id, label: x.name })),
    staleTime: 60_000,
  });
}

/** A searchable select of categories (forms and filters). Value: the category's id. */
export function CategorySelect(props: SelectProps<number>) {
  const { data, isLoading } = useCategoryOptions();
  return (
    <Select<number>
      options={data}
      loading={isLoading}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="Choose a category"
      aria-label="Category"
      {...props}
    />
  );
}
