// @ts-nocheck
import { Alert } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { iri } from '@console/shared/fields';
import { href } from '@/lib/routes.ts';
import { toast } from '@/components/feedback.tsx';
import { EditPage } from '@/components/edit-page.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { dayjs } from '@/lib/dayjs.ts';
import { useSession } from '@/lib/session.ts';
import { useOffer, useCreateOffer, type OfferBody, useUpdateOffer } from '../api/offers.ts';
import { OfferForm, type OfferFormValues } from '../components/offer-form.tsx';

/** Create Offer (/offers/create) and Edit Offer #id (/offers/{id}/edit). */
export function OfferEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const session = useSession();
  const isAdmin = session?.isAdmin ?? false;
  const navigate = useNavigate();
  const offer = useOffer(id);
  const create = useCreateOffer();
  const update = useUpdateOffer();
  const save = id ? update : create;
  const archived = Boolean(offer.data?.archive);

  const submit = (v: OfferFormValues) => {
    // The form's rules have already checked category and user; blanks are sent as null.
    const body: OfferBody = {
      category: iri('categories', v.category!),
      name: v.name,
      url: v.url,
      plug: v.plug?.trim() ? v.plug : null,
      callback: v.callback?.trim() ? v.callback : null,
      user: v.user!,
      postbackRequiresClick: v.postbackRequiresClick ?? false,
      postbackMaxAmount: v.postbackMaxAmount ?? null,
    };
    const done = (message: string) => () => {
      toast.success(message);
      navigate(href('offersList'));
    };
    if (id) update.mutate({ id, ...body }, { onSuccess: done('Updated!') });
    else create.mutate(body, { onSuccess: done('Added successfully!') });
  };

  // Only administrators add offers; anyone else who types the address goes back to the list.
  if (routeId === undefined && !isAdmin) return <Navigate to={href('offersList')} replace />;

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit Offer #${id}` : 'Create Offer'}
      back={{ label: 'Back to Offers', to: href('offersList') }}
      loading={Boolean(id) && !offer.data}
    >
      {archived && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          title={`This offer was archived on ${dayjs(offer.data!.archive).format('YYYY-MM-DD HH:mm')}: it is read-only.`}
        />
      )}
      <OfferForm
        key={id ?? 'new'}
        offer={offer.data}
        defaultOwner={session?.claims.id}
        showOwner={isAdmin}
        readOnly={archived || !isAdmin}
        onSubmit={submit}
        submitting={save.isPending}
        error={save.error}
      />
    </EditPage>
  );
}
