import { PmtaConfigMessages as M, type AppliedPmtaConfig } from '@console/shared/pmta-configs';
import { confirm, confirmDelete, toast } from '@/components/feedback.tsx';
import { errorLines } from '@/lib/http.ts';
import { idsOf, useDeleteApplied, useResetApplied } from '../api/applied-pmta-configs.ts';

type Row = Pick<AppliedPmtaConfig, 'id' | 'configType'>;

/** Reset version and Delete, for one row or the selection; each resolves true once done. */
export function useAppliedActions() {
  const reset = useResetApplied();
  const remove = useDeleteApplied();
  const what = (rows: Row[]) =>
    rows.length === 1 ? `Applied config #${rows[0]!.id}` : `${rows.length} applied configs`;
  return {
    reset: (rows: Row[]) =>
      confirm({
        title: M.resetConfirm,
        content: `${what(rows)}: uploaded again to the recipient.`,
        okText: 'Reset',
        onOk: () => reset.mutateAsync(idsOf(rows)),
        errorMessage: (e) => [M.resetFailed, errorLines(e)[0]].filter(Boolean).join(' '),
      }).then((ok) => {
        if (ok) toast.success(M.resetTitle, { description: M.reset });
        return ok;
      }),
    remove: (rows: Row[]) =>
      confirmDelete(`${what(rows)}: taken out of the server's configuration first.`, () =>
        remove.mutateAsync(idsOf(rows)),
      ),
  };
}
