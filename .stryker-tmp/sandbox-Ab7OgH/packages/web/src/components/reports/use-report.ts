// @ts-nocheck
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OWN_ERROR_DIALOG } from '@/components/feedback.tsx';
import { http } from '@/lib/http.ts';

/**
 * A report call (POST with the filters as JSON): nothing is asked until `body` is set (the Get button, or
 * at once where the spec loads automatically); a failure opens the reports' 'Error' dialog
 * (`reportErrorDialog`) from the page.
 */
export function useReport<T>(key: string, path: string, body: object | undefined) {
  return useQuery({
    queryKey: [key, body],
    queryFn: () => http.post<T>(path, body, { errorPage: false }),
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    // The page shows a failure in the reports' 'Error' dialog, not the general 'Oops...' one as well.
    meta: { [OWN_ERROR_DIALOG]: true },
  });
}
