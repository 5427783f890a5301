// @ts-nocheck
import type { ReactNode } from 'react';
import { Empty } from 'antd';

export interface EmptyStateProps {
  /** The sentence shown, e.g. 'There are no Campaigns'. */
  description?: ReactNode;
  /** An optional call to action, e.g. a 'Create New Category' button. */
  action?: ReactNode;
}

export function EmptyState({ description = 'No data', action }: EmptyStateProps) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description}>
      {action}
    </Empty>
  );
}
