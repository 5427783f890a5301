// @ts-nocheck
import { useCallback, useState, type Key } from 'react';

/**
 * The chosen rows of a list screen, for `<DataTable selection={...}>`. The choice survives paging and
 * sorting but not new filters (`resetOn`, e.g. `list.filters`): rows the new search does not show are
 * never acted on by a bulk action the user cannot see the reason for.
 *
 * `const selection = useSelection<number>(list.filters)` gives `{ selected, onChange, clear }`.
 */
export function useSelection<K extends Key = Key>(resetOn?: unknown) {
  const scope = JSON.stringify(resetOn ?? null);
  // The keys remember the filters they were chosen under; under other filters the choice reads as empty.
  const [state, setState] = useState<{ scope: string; keys: K[] }>({ scope, keys: [] });
  const selected = state.scope === scope ? state.keys : [];
  const onChange = useCallback((keys: Key[]) => setState({ scope, keys: keys as K[] }), [scope]);
  const clear = useCallback(() => setState({ scope, keys: [] }), [scope]);
  return { selected, onChange, clear };
}
