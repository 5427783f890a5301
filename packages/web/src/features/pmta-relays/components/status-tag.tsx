import { Button } from 'antd';
import { Rating } from '@console/shared/enums';

/** The Rating's words and colours (spec 2: status labels and button colours from one table). */
export const RATINGS: Record<number, { label: string; color: 'default' | 'green' | 'red' }> = {
  [Rating.Neutral]: { label: 'Neutral', color: 'default' },
  [Rating.Good]: { label: 'Good', color: 'green' },
  [Rating.Poor]: { label: 'Poor', color: 'red' },
};

/** The Status cell: a button in the rating's colour that opens the reputations dialog. */
export function StatusButton({ status, onClick, label }: { status: number; onClick: () => void; label: string }) {
  const r = RATINGS[status] ?? { label: String(status), color: 'default' as const };
  return (
    <Button
      size="small"
      color={r.color}
      variant={r.color === 'default' ? 'outlined' : 'solid'}
      onClick={onClick}
      aria-label={label}
    >
      {r.label}
    </Button>
  );
}
