// @ts-nocheck
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A mutation hook from its call and the query keys it makes stale: every create, update, delete and
 * bulk action of the console is one line, `export const useCreateOffer = mutationHook(createOffer, offersKey)`.
 */
export function mutationHook<V, R>(call: (vars: V) => Promise<R>, ...stale: QueryKey[]) {
  return function useCallMutation() {
    const client = useQueryClient();
    return useMutation({
      mutationFn: call,
      onSuccess: () => Promise.all(stale.map((queryKey) => client.invalidateQueries({ queryKey }))),
    });
  };
}
