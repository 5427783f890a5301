import { Typography } from 'antd';
import { toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import { useEditDescription } from '../api/pmta-relays.ts';

/** The Description cell, edited in place (POST /api/relays/edit_description). */
export function DescriptionCell({ relayId, description }: { relayId: number; description: string | null }) {
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
            { relayId, description: text },
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
