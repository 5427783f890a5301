import { useParams } from 'react-router';
import { isId } from '@console/shared/ids';

/**
 * The `:id` of the current route: a number, undefined on a create route (no `:id`), or 'malformed' for
 * an address such as /offers/abc/edit, which must show the 404 page rather than an empty Create form.
 */
export function useRouteId(): number | undefined | 'malformed' {
  const { id } = useParams();
  if (id === undefined) return undefined;
  return isId(id) ? Number(id) : 'malformed';
}
