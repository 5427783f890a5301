import { useEffect } from 'react';
import { errorDialog, operationError } from '@/components/feedback.tsx';

/** Reports: a refused call shows a dialog titled 'Error' with the first error, or 'status: statusText' (spec 3 §8). */
export const reportErrorDialog = (e: unknown) => errorDialog(new Error(operationError(e)), 'Error');

/** Opens `reportErrorDialog` each time the report's call fails. */
export function useReportErrorDialog(error: unknown) {
  useEffect(() => {
    if (error) reportErrorDialog(error);
  }, [error]);
}
