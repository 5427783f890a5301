// @ts-nocheck
import { Form, Input } from 'antd';
import { OFFERS_PAGE_SIZE } from '@console/shared/hydra';
import { href } from '@/lib/routes.ts';
import { ArchiveFilter } from '@/components/archive-filter.tsx';
import { listTable } from '@/components/data-table.tsx';
import { ListPage } from '@/components/list-page.tsx';
import { OwnerFilter } from '@/components/owner-filter.tsx';
import { useCollectionParams } from '@/hooks/use-collection-params.ts';
import { useIsAdmin } from '@/lib/session.ts';
import { useOffers } from '../api/offers.ts';
import { OffersTable } from '../components/offers-table.tsx';

/** Offers: search by name; administrators also filter by archive status and owner, and add offers. */
export function OfferList() {
  const isAdmin = useIsAdmin();
  const list = useCollectionParams({ pageSize: OFFERS_PAGE_SIZE, filters: { 'archive[exists]': '' } });
  // Non-administrators always see their own offers, archived or not: their filters are not sent.
  const query = isAdmin ? list.query : { ...list.query, 'user.id': undefined, 'archive[exists]': undefined };
  const offers = useOffers(query);
  return (
    <ListPage
      title="Offers"
      create={isAdmin ? { label: 'Add Offer', to: href('offersAdd') } : undefined}
      list={list}
      filters={
        <>
          <Form.Item name="name">
            <Input placeholder="Name" allowClear aria-label="Name" />
          </Form.Item>
          <ArchiveFilter adminOnly />
          <OwnerFilter aria-label="Owner" />
        </>
      }
    >
      <OffersTable {...listTable(offers, list)} showArchiveDate={list.filters['archive[exists]'] === 'true'} />
    </ListPage>
  );
}
