// @ts-nocheck
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CategoryNode } from '@console/shared/categories';
import { http } from '@/lib/http.ts';

interface TreeOption {
  value: number;
  title: string;
  children: TreeOption[];
}

const toOptions = (nodes: CategoryNode[]): TreeOption[] =>
  nodes.map((n) => ({ value: n.id, title: n.text, children: toOptions(n.children) }));

/**
 * The categories as their tree (GET /api/categories/tree), for the selects of other screens. Under the
 * ['categories'] key, so a change on the Categories screen refreshes every select.
 */
export function useCategoryOptions() {
  return useQuery({
    queryKey: ['categories', 'tree'],
    queryFn: () => http.get<CategoryNode[]>('/categories/tree'),
    select: toOptions,
    staleTime: 60_000,
  });
}

/** A searchable select of categories showing the tree (children indented under their parent). Value: the id. */
export function CategorySelect(props: TreeSelectProps<number>) {
  const { data, isLoading } = useCategoryOptions();
  return (
    <TreeSelect<number>
      treeData={data}
      loading={isLoading}
      treeDefaultExpandAll
      showSearch
      treeNodeFilterProp="title"
      placeholder="Choose a category"
      aria-label="Category"
      popupMatchSelectWidth={false}
      {...props}
    />
  );
}
