import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { OWN_ERROR_DIALOG } from '@/components/feedback.tsx';
import { http } from '@/lib/http.ts';

/** How old a report's data is (seconds), when the server read it from a replica (decision 1411). */
const ages = new WeakMap<object, number>();

/** The data age the server told for this report answer, or undefined (read from the primary). */
export const dataAgeOf = (data: unknown): number | undefined =>
  data && typeof data === 'object' ? ages.get(data) : undefined;

/**
 * A report call (POST with the filters as JSON): nothing is asked until `body` is set (the Get button, or
 * at once where the spec loads automatically); a failure opens the reports' 'Error' dialog
 * (`reportErrorDialog`) from the page.
 */
export function useReport<T>(key: string, path: string, body: object | undefined) {
  return useQuery({
    queryKey: [key, body],
    queryFn: async () => {
      let age: number | undefined;
      const data = await http.post<T>(path, body, {
        errorPage: false,
        onResponse: (res) => {
          const header = res.headers.get('x-data-age');
          age = header === null || header === '' || Number.isNaN(Number(header)) ? undefined : Number(header);
        },
      });
      if (age !== undefined && data && typeof data === 'object') ages.set(data, age);
      return data;
    },
    enabled: body !== undefined,
    placeholderData: keepPreviousData,
    // The page shows a failure in the reports' 'Error' dialog, not the general 'Oops...' one as well.
    meta: { [OWN_ERROR_DIALOG]: true },
  });
}
