// @ts-nocheck
import { useParams } from 'react-router';
import { isId } from '@console/shared/ids';

/**
 * The `:id` (or another id parameter: `useRouteId('groupId')`) of the current route: a number, undefined on a create route (no `:id`), or 'malformed' for
 * an address such as /offers/abc/edit, which must show the 404 page rather than an empty Create form.
 */
export function useRouteId(param = 'id'): number | undefined | 'malformed' {
  const id = useParams()[param];
  if (id === undefined) return undefined;
  return isId(id) ? Number(id) : 'malformed';
}
