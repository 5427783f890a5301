// @ts-nocheck
import { Button, Popover, Typography } from 'antd';
import { FrownOutlined, SmileOutlined } from '@ant-design/icons';
import type { Offer } from '@console/shared/offers';

/** Health: a smile when the last check found nothing (clean is empty), a sad face otherwise; click for why. */
export function HealthIcon({ offer }: { offer: Pick<Offer, 'id' | 'clean'> }) {
  const good = !offer.clean;
  return (
    <Popover
      trigger="click"
      // Beside the icon, so it never covers the Health icons of the rows above and below.
      placement="right"
      title="Health"
      content={
        <Typography.Text style={{ maxWidth: 360, display: 'block' }}>{good ? 'Good.' : offer.clean}</Typography.Text>
      }
    >
      <Button
        type="text"
        size="small"
        aria-label={good ? `Offer #${offer.id} health: good` : `Offer #${offer.id} health: problem`}
        icon={
          good ? (
            <SmileOutlined style={{ color: '#16a34a', fontSize: 18 }} />
          ) : (
            <FrownOutlined style={{ color: '#dc2626', fontSize: 18 }} />
          )
        }
      />
    </Popover>
  );
}
