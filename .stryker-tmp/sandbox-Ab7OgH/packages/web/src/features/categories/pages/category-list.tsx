// @ts-nocheck
import { useState } from 'react';
import { Button, Skeleton } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { CategoryNode } from '@console/shared/categories';
import { EmptyState } from '@/components/empty-state.tsx';
import { confirm, toast } from '@/components/feedback.tsx';
import { Page } from '@/components/page.tsx';
import { HttpError, NetworkError, errorLines } from '@/lib/http.ts';
import { useCategoryTree, useDeleteCategory } from '../api/categories.ts';
import { CategoryDialog, type CategoryDialogMode } from '../components/category-dialog.tsx';
import { CategoryTree } from '../components/category-tree.tsx';

/** The spec's words for a failed delete: 500 -> 'Delete failed: ...', anything else 'Request failed: ...'. */
function deleteFailure(e: unknown): string {
  const reason = (!(e instanceof NetworkError) && errorLines(e)[0]) || (e instanceof Error ? e.message : String(e));
  return e instanceof HttpError && e.status >= 500 ? `Delete failed: ${reason}` : `Request failed: ${reason}`;
}

/** Categories (admin): the tree, with add, edit and delete in pop-up dialogs. */
export function CategoryList() {
  const tree = useCategoryTree();
  const remove = useDeleteCategory();
  // `seq` tells dialogs apart: one opened while the previous is still fading out must survive its afterClose.
  const [dialog, setDialog] = useState<{ mode: CategoryDialogMode; open: boolean; seq: number } | null>(null);

  const openDialog = (mode: CategoryDialogMode) => setDialog((d) => ({ mode, open: true, seq: (d?.seq ?? 0) + 1 }));
  const createRoot = () => openDialog({ kind: 'create', parent: null });
  const askDelete = (node: CategoryNode) =>
    confirm({
      title: `Delete category ${node.text}?`,
      content: 'The category will be removed.',
      okText: 'Delete',
      danger: true,
      onOk: () => remove.mutateAsync(node.id),
      errorMessage: deleteFailure,
    }).then((ok) => ok && toast.success('Deleted successfully!'));

  const createButton = (label: string) => (
    <Button type="primary" icon={<PlusOutlined />} onClick={createRoot}>
      {label}
    </Button>
  );

  return (
    <Page title="Categories" extra={createButton('Create New')}>
      {!tree.data ? (
        <Skeleton active />
      ) : tree.data.length === 0 ? (
        <EmptyState description="Tree categories is empty!" action={createButton('Create New Category')} />
      ) : (
        <CategoryTree
          nodes={tree.data}
          onAdd={(parent) => openDialog({ kind: 'create', parent: { id: parent.id, name: parent.text } })}
          onEdit={(node) => openDialog({ kind: 'edit', category: { id: node.id, name: node.text } })}
          onDelete={(node) => void askDelete(node)}
        />
      )}
      {dialog && (
        <CategoryDialog
          key={dialog.seq}
          mode={dialog.mode}
          open={dialog.open}
          onClose={() => setDialog((d) => d && { ...d, open: false })}
          afterClose={() => setDialog((d) => (d?.seq === dialog.seq && !d.open ? null : d))}
        />
      )}
    </Page>
  );
}
