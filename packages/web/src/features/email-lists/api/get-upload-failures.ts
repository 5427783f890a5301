import { useMutation } from '@tanstack/react-query';
import { http } from '@/lib/http.ts';

/**
 * GET /api/email_lists/failed/{id}: the failures of the list's latest upload (CSV `row,email,reason`).
 * A plain link would carry no bearer token, so the file is fetched and handed to the browser as a blob.
 */
export async function downloadUploadFailures(emailListId: number): Promise<void> {
  const blob = await http.get<Blob>(`/email_lists/failed/${emailListId}`, { responseType: 'blob', errorPage: false });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `email-list-${emailListId}-failures.csv`;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the download; free it once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export const useUploadFailures = () => useMutation({ mutationFn: downloadUploadFailures });
