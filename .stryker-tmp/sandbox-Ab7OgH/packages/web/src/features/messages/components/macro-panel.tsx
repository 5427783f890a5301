// @ts-nocheck
import { Card, Select, Space, Typography } from 'antd';
import { MACRO_HINTS } from '@console/shared/macros';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { useGlobalMacros } from '../api/messages.ts';

export interface MacroPanelProps {
  /** The message's owner: the Dynamic Content picker lists their tags. */
  ownerId?: number;
  /** Inserts the text at the cursor of the field focused last. */
  onInsert: (text: string) => void;
  disabled?: boolean;
}

/** The editor's side panel: Static Content (global tags, as they are) and Dynamic Content (`{tag}`), and the hints. */
export function MacroPanel({ ownerId, onInsert, disabled }: MacroPanelProps) {
  const macros = useGlobalMacros();
  const tags = useSelectOptions('/tags', { 'user.id': ownerId }, ownerId !== undefined);
  return (
    <Card size="small" title="Tags">
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <div>
          <Typography.Text strong>Static Content</Typography.Text>
          <Select
            aria-label="Static Content"
            placeholder="Insert a static tag"
            value={null}
            disabled={disabled}
            showSearch={{ optionFilterProp: 'label' }}
            options={(macros.data ?? []).map((m) => ({ value: m.name, label: m.name, description: m.description }))}
            optionRender={(o) => (
              <div>
                <Typography.Text code>{o.value}</Typography.Text>
                <div>
                  <Typography.Text type="secondary" style={{ whiteSpace: 'normal', fontSize: 12 }}>
                    {(o.data as { description: string }).description}
                  </Typography.Text>
                </div>
              </div>
            )}
            onSelect={(name) => name && onInsert(name)}
            style={{ width: '100%', marginTop: 4 }}
          />
        </div>
        <div>
          <Typography.Text strong>Dynamic Content</Typography.Text>
          <Select
            aria-label="Dynamic Content"
            placeholder="Insert a saved tag"
            value={null}
            disabled={disabled}
            showSearch={{ optionFilterProp: 'label' }}
            notFoundContent="No tags yet: add them under Dynamic content."
            options={(tags.data ?? []).map((t) => ({ value: t.label, label: t.label }))}
            onSelect={(name) => name && onInsert(`{${name}}`)}
            style={{ width: '100%', marginTop: 4 }}
          />
        </div>
        <ul style={{ margin: 0, paddingLeft: 18 }}>
          {MACRO_HINTS.map((h) => (
            <li key={h}>
              <Typography.Text type="secondary">{h}</Typography.Text>
            </li>
          ))}
        </ul>
      </Space>
    </Card>
  );
}
