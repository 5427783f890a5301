// @ts-nocheck
import { Tag } from 'antd';
import { Rating } from '@console/shared/enums';

/** The Rating's words and colours (spec 2: status labels and button colours from one table). */
export const RATINGS: Record<number, { label: string; color: 'default' | 'green' | 'red' }> = {
  [Rating.Neutral]: { label: 'Neutral', color: 'default' },
  [Rating.Good]: { label: 'Good', color: 'green' },
  [Rating.Poor]: { label: 'Poor', color: 'red' },
};
export const ratingOf = (value: number) => RATINGS[value] ?? { label: String(value), color: 'default' as const };

/** A relay's status as a coloured tag. */
export function RatingTag({ value }: { value: number }) {
  const r = ratingOf(value);
  return <Tag color={r.color}>{r.label}</Tag>;
}
