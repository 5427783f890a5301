import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { EXCLUDED_MAIL_SERVICES, formatSchedule, type SmtpCampaign } from '@console/shared/campaigns';
import { CampaignStatus } from '@console/shared/enums';
import { isId } from '@console/shared/ids';
import { EditPage } from '@/components/edit-page.tsx';
import { errorDialog, toast } from '@/components/feedback.tsx';
import { useRouteId } from '@/hooks/use-route-id.ts';
import { useSelectOptions } from '@/hooks/use-select-options.ts';
import { href } from '@/lib/routes.ts';
import { useSession } from '@/lib/session.ts';
import { useCampaignAction, useSaveSmtpCampaign, useSmtpCampaign } from '../api/smtp-campaigns.ts';
import { CampaignForm, toBody, type CampaignValues } from '../components/campaign-form.tsx';
import { LastCampaigns } from '../components/last-campaigns.tsx';

const excluded = (name: string) => (EXCLUDED_MAIL_SERVICES as readonly string[]).includes(name);
/** A schedule that is still ahead is kept (a clone of a scheduled campaign); a past one is dropped. */
const ahead = (date: string | null) =>
  date && new Date(date).getTime() > Date.now() ? formatSchedule(date) : undefined;

/** The form's values from a campaign being edited (as it is) or cloned (spec 3 §4: without 'Trash Mail' and 'GI'). */
function valuesOf(c: SmtpCampaign, clone: boolean): CampaignValues {
  const start = clone ? ahead(c.scheduledStart) : c.scheduledStart ? formatSchedule(c.scheduledStart) : undefined;
  const stop = clone ? ahead(c.scheduledStop) : c.scheduledStop ? formatSchedule(c.scheduledStop) : undefined;
  return {
    name: c.name,
    sender: c.sender,
    emailList: c.emailList.id,
    mailProviders: c.mailProviders.filter((p) => !clone || !excluded(p.name)).map((p) => p.id),
    message: c.message.id,
    offer: c.offer.id,
    offerLinks: c.offerLinks?.id,
    unsubscribeLinks: c.unsubscribeLinks?.id ?? null,
    pixelLinks: c.pixelLinks?.id ?? null,
    relayStatus: c.relayStatus,
    relayGroup: c.relayGroup.id,
    startOn: Boolean(start),
    scheduledStart: start,
    stopOn: Boolean(stop),
    scheduledStop: stop,
  };
}

/**
 * 'Create new SMTP Campaign', its edit (only while inactive: otherwise back to the list) and its clone
 * (`?cloneId=`). Saving without a scheduled start starts the campaign at once.
 */
export function SmtpCampaignEdit() {
  const routeId = useRouteId();
  const id = routeId === 'malformed' ? undefined : routeId;
  const [search] = useSearchParams();
  const cloneParam = search.get('cloneId');
  const cloneId = !id && cloneParam && isId(cloneParam) ? Number(cloneParam) : undefined;
  const navigate = useNavigate();
  const session = useSession();
  const campaign = useSmtpCampaign(id ?? cloneId);
  const providers = useSelectOptions('/mail_providers');
  const save = useSaveSmtpCampaign();
  const start = useCampaignAction();
  const editable = !id || !campaign.data || campaign.data.status === CampaignStatus.Inactive;

  useEffect(() => {
    if (editable) return;
    toast.warning('Only an inactive campaign can be edited.');
    void navigate(href('smtpCampaigns'), { replace: true });
  }, [editable, navigate]);

  const from = id ?? cloneId;
  const loading = !providers.data || (from !== undefined && !campaign.data) || !editable;
  const initial: CampaignValues | undefined = loading
    ? undefined
    : campaign.data
      ? valuesOf(campaign.data, Boolean(cloneId))
      : {
          name: '',
          sender: '',
          mailProviders: providers.data!.filter((p) => !excluded(p.label)).map((p) => p.value),
          unsubscribeLinks: null,
          pixelLinks: null,
          startOn: false,
          stopOn: false,
        };

  const submit = (v: CampaignValues) =>
    save.mutate(
      { id, body: toBody(v) },
      {
        onSuccess: async (saved) => {
          toast.success(id ? 'Updated!' : 'Added successfully!');
          // Spec 3 §4: without a scheduled start the product starts the campaign right away.
          if (!v.startOn) {
            try {
              const answer = await start.mutateAsync({ action: 'start', id: saved.id });
              toast.success('Started successfully!', { description: answer.message || 'Campaign has been started.' });
            } catch (e) {
              errorDialog(e, 'Oops!');
            }
          }
          void navigate(href('smtpCampaigns'));
        },
      },
    );

  return (
    <EditPage
      routeId={routeId}
      title={id ? `Edit SMTP Campaign #${id}` : 'Create new SMTP Campaign'}
      back={{ label: 'Back to campaigns', to: href('smtpCampaigns') }}
      loading={loading}
    >
      {initial && (
        <CampaignForm
          key={`${id ?? 'new'}-${cloneId ?? ''}`}
          editing={Boolean(id)}
          initialValues={initial}
          ownerId={campaign.data && !cloneId ? campaign.data.user.id : session?.claims.id}
          saving={save.isPending}
          error={save.error}
          onSubmit={submit}
        />
      )}
      <LastCampaigns />
    </EditPage>
  );
}
