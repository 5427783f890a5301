import { Button } from 'antd';
import { ratingOf } from '@/components/rating-tag.tsx';

/** The Status cell: a button in the rating's colour that opens the reputations dialog. */
export function StatusButton({ status, onClick, label }: { status: number; onClick: () => void; label: string }) {
  const r = ratingOf(status);
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
