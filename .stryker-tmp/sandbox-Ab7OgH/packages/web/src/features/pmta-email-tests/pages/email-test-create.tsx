// @ts-nocheck
import { useNavigate, useSearchParams } from 'react-router';
import { isId } from '@console/shared/ids';
import { PmtaEmailTestStatus as S } from '@console/shared/pmta-email-tests';
import { EditPage } from '@/components/edit-page.tsx';
import { toast } from '@/components/feedback.tsx';
import { href } from '@/lib/routes.ts';
import { useCreateEmailTest, usePmtaEmailTest } from '../api/pmta-email-tests.ts';
import { EmailTestForm, toBody, type EmailTestValues } from '../components/email-test-form.tsx';

/** 'Create PMTA Email Test', or its clone (`?cloneId=`: the form starts from that test). Sent on save. */
export function EmailTestCreate() {
  const [search] = useSearchParams();
  const cloneParam = search.get('cloneId');
  const cloneId = cloneParam && isId(cloneParam) ? Number(cloneParam) : undefined;
  const clone = usePmtaEmailTest(cloneId);
  const create = useCreateEmailTest();
  const navigate = useNavigate();

  const initial: EmailTestValues = clone.data
    ? {
        email: clone.data.email,
        sender: clone.data.sender,
        pmtaRelay: clone.data.pmtaRelay.id,
        message: clone.data.message.id,
        offer: clone.data.offer.id,
      }
    : { email: '', sender: '' };

  const submit = (v: EmailTestValues) =>
    create.mutate(toBody(v), {
      onSuccess: (test) => {
        if (test.status === S.failed) toast.error('The test was not sent.', { description: test.reason });
        else toast.success('Sent!', { description: 'The PMTA server took the test message.' });
        void navigate(href('pmtaEmailTests'));
      },
    });

  return (
    <EditPage
      routeId={undefined}
      title="Create PMTA Email Test"
      back={{ label: 'Back to Email Tests', to: href('pmtaEmailTests') }}
      loading={cloneId !== undefined && !clone.data}
    >
      <EmailTestForm
        key={cloneId ?? 'new'}
        initialValues={initial}
        saving={create.isPending}
        error={create.error}
        onSubmit={submit}
      />
    </EditPage>
  );
}
