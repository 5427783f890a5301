// @ts-nocheck
import { Typography } from 'antd';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import type { RelayKind } from '@console/shared/relays';
import { useEditDescription } from '@/lib/relays.ts';

/**
 * The Description cell, edited in place (POST /api/relays/edit_description). `onSaved`: what else must be
 * read again once the change is saved (the relay lists refresh by themselves; a report asks).
 */
export function DescriptionCell(props: {
  kind: RelayKind;
  relayId: number;
  description: string | null;
  onSaved?: () => unknown;
}) {
  const { kind, relayId, description, onSaved } = props;
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
            {
              onSuccess: () => onSaved?.(),
              onError: (e) => toast.error(`Error: ${errorLines(e)[0] ?? 'Some error occurred.'}`),
            },
          ),
      }}
      style={{ margin: 0, maxWidth: 260 }}
      ellipsis={{ tooltip: description }}
    >
      {description ?? ''}
    </Typography.Text>
  );
}
