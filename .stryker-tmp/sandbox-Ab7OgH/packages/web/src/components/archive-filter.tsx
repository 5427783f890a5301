// @ts-nocheck
import { Form, Select } from 'antd';
import { useIsAdmin } from '@/lib/session.ts';

/** `archive[exists]`: '' (All, the key is left out), 'false' (not archived), 'true' (archived). */
export type ArchiveValue = '' | 'false' | 'true';

export interface ArchiveFilterProps {
  /** The filter's API key. */
  name?: string;
  /** Labels of the three choices; the messages screen says All / Current / Archive. */
  labels?: { all?: string; active?: string; archived?: string };
  /** Offers show it to administrators only; messages to everybody. */
  adminOnly?: boolean;
}

/** All / Active / Archived, sent as archive[exists]. Use inside <FilterBar>. */
export function ArchiveFilter({ name = 'archive[exists]', labels = {}, adminOnly = false }: ArchiveFilterProps) {
  const isAdmin = useIsAdmin();
  if (adminOnly && !isAdmin) return null;
  const options: { value: ArchiveValue; label: string }[] = [
    { value: '', label: labels.all ?? 'All' },
    { value: 'false', label: labels.active ?? 'Active' },
    { value: 'true', label: labels.archived ?? 'Archived' },
  ];
  return (
    <Form.Item name={name}>
      <Select<ArchiveValue> options={options} style={{ minWidth: 130 }} aria-label="Archive status" />
    </Form.Item>
  );
}
