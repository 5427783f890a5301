import { Typography } from 'antd';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import type { RelayKind } from '@console/shared/relays';
import { useEditDescription } from '@/lib/relays.ts';

/** The Description cell, edited in place (POST /api/relays/edit_description). */
export function DescriptionCell(props: { kind: RelayKind; relayId: number; description: string | null }) {
  const { kind, relayId, description } = props;
  const edit = useEditDescription();
  return (
    <Typography.Text
      editable={{
        maxLength: 400,
        tooltip: 'Edit description',
        triggerType: ['icon'],
        onChange: (text) =>
          text !== (description ?? '') &&
          edit.mutate(
            { relayType: kind, relayId, description: text },
            { onError: (e) => toast.error(`Error: ${errorLines(e)[0] ?? 'Some error occurred.'}`) },
          ),
      }}
      style={{ margin: 0, maxWidth: 260 }}
      ellipsis={{ tooltip: description }}
    >
      {description ?? ''}
    </Typography.Text>
  );
}
