// @ts-nocheck
import { useMemo, useState } from 'react';
import { Button, Flex, Tooltip, Tree, Typography, type TreeDataNode } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { CategoryNode } from '@console/shared/categories';

export interface CategoryTreeProps {
  nodes: CategoryNode[];
  onAdd: (parent: CategoryNode) => void;
  onEdit: (node: CategoryNode) => void;
  onDelete: (node: CategoryNode) => void;
}

interface Item extends TreeDataNode {
  node: CategoryNode;
  children: Item[];
}

const toItems = (nodes: CategoryNode[]): Item[] =>
  nodes.map((node) => ({ key: node.id, title: node.text, node, children: toItems(node.children) }));

const allKeys = (nodes: CategoryNode[]): number[] => nodes.flatMap((n) => [n.id, ...allKeys(n.children)]);

/** The categories as a tree, every level open unless folded; each node carries add-child, edit, delete. */
export function CategoryTree({ nodes, onAdd, onEdit, onDelete }: CategoryTreeProps) {
  const items = useMemo(() => toItems(nodes), [nodes]);
  // Folded nodes are remembered, so a new category (or a refetch) never folds what the user opened.
  const [folded, setFolded] = useState<Set<number>>(new Set());
  const expanded = allKeys(nodes).filter((k) => !folded.has(k));

  return (
    <Tree<Item>
      treeData={items}
      showLine
      blockNode
      selectable={false}
      style={{ maxWidth: 760 }}
      expandedKeys={expanded}
      onExpand={(_keys, { node, expanded: open }) =>
        setFolded((prev) => {
          const next = new Set(prev);
          const id = Number(node.key);
          if (open) next.delete(id);
          else next.add(id);
          return next;
        })
      }
      titleRender={(item) => (
        <Flex align="center" justify="space-between" gap={16} className="category-node" data-testid="category-node">
          <Typography.Text>{item.node.text}</Typography.Text>
          <Flex gap={4}>
            <Tooltip title="Add subcategory">
              <Button
                size="small"
                type="text"
                icon={<PlusOutlined />}
                aria-label={`Add subcategory to ${item.node.text}`}
                onClick={() => onAdd(item.node)}
              />
            </Tooltip>
            <Tooltip title="Edit">
              <Button
                size="small"
                type="text"
                icon={<EditOutlined />}
                aria-label={`Edit ${item.node.text}`}
                onClick={() => onEdit(item.node)}
              />
            </Tooltip>
            <Tooltip title="Delete">
              <Button
                size="small"
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={`Delete ${item.node.text}`}
                onClick={() => onDelete(item.node)}
              />
            </Tooltip>
          </Flex>
        </Flex>
      )}
    />
  );
}
