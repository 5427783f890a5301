import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { cloneOf, isExcludedService, type CampaignItem } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { isId } from '@console/shared/ids';
import { EditPage } from '@/components/edit-page.tsx';
import { errorDialog, toast } from '@/components/feedback.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { CampaignKinds, campaignHooks, useCampaign } from '../api/campaigns.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { CampaignForm, type CampaignFormKind, type CampaignValues } from './campaign-form.tsx';
import { LastCampaigns } from './last-campaigns.tsx';

/** A campaign as the form starts from it: as it is (edit), or its clone (cloneOf). */
export type CampaignDraft<C extends CampaignItem> = ReturnType<typeof cloneOf<C>> | C;

export interface CampaignEditPageProps<C extends CampaignItem, V extends CampaignValues> {
  form: CampaignFormKind<V>;
  /** The form's values from a campaign being edited or cloned. */
  valuesOf: (c: CampaignDraft<C>) => V;
  /** The kind's own values of a new campaign. */
  empty: Omit<V, keyof CampaignValues>;
}

/**
 * 'Create new {kind} Campaign', its edit (only while inactive: otherwise back to the list) and its clone
 * (`?cloneId=`: spec 3 §4, cloneOf). Saving without a scheduled start starts the campaign at once.
 */
export function CampaignEditPage<C extends CampaignItem, V extends CampaignValues>({
  form,
  valuesOf,
  empty,
}: CampaignEditPageProps<C, V>) {
  const { label, routes } = CampaignKinds[form.kind];
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const [search] = useSearchParams();
  const cloneParam = search.get('cloneId');
  const cloneId = !id && cloneParam && isId(cloneParam) ? Number(cloneParam) : undefined;
  const navigate = useNavigate();
  const session = useSession();
  const campaign = useCampaign<C>(form.kind, id ?? cloneId);
  const providers = useSelectOptions('/mail_providers');
  const save = campaignHooks[form.kind].useSave();
  const start = campaignHooks[form.kind].useAction();
  const editable = !id || !campaign.data || campaign.data.status === CampaignStatus.Inactive;

  useEffect(() => {
    if (editable) return;
    toast.warning('Only an inactive campaign can be edited.');
    void navigate(href(routes.list), { replace: true });
  }, [editable, navigate, routes.list]);

  const from = id ?? cloneId;
  const loading = !providers.data || (from !== undefined && !campaign.data) || !editable;
  const initial: V | undefined = loading
    ? undefined
    : campaign.data
      ? valuesOf(cloneId ? cloneOf(campaign.data) : campaign.data)
      : ({
          name: '',
          sender: '',
          mailProviders: providers.data!.filter((p) => !isExcludedService(p.label)).map((p) => p.value),
          startOn: false,
          stopOn: false,
          warmupOverflow: 1,
          ...empty,
        } as V);

  // Values the form has no field for (a PMTA campaign's default city) keep what the campaign had.
  const submit = (v: V) =>
    save.mutate(
      { id, body: form.toBody({ ...initial, ...v }) },
      {
        onSuccess: async (saved) => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          // Spec 3 §4: without a scheduled start the product starts the campaign right away.
          if (!v.startOn) {
            try {
              const answer = await start.mutateAsync({ action: 'start', id: saved.id, created: !id });
              toast.success('Started successfully!', { description: answer.message || 'Campaign has been started.' });
            } catch (e) {
              errorDialog(e, 'Oops!');
            }
          }
          void navigate(href(routes.list));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit ${label} Campaign #${id}` : `Create new ${label} Campaign`}
      back={{ label: 'Back to campaigns', to: href(routes.list) }}
      loading={loading}
    >
      {initial && (
        <CampaignForm<V>
          key={`${id ?? 'new'}-${cloneId ?? ''}`}
          form={form}
          editing={Boolean(id)}
          initialValues={initial}
          ownerId={campaign.data && !cloneId ? campaign.data.user.id : session?.claims.id}
          saving={save.isPending}
          error={save.error}
          onSubmit={submit}
        />
      )}
      <LastCampaigns kind={form.kind} />
    </EditPage>
  );
}
