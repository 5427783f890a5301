// @ts-nocheck
import { useSyncExternalStore } from 'react';

/** The spec's sidebar mini mode applies below 1170 px. */
export const MINI_SIDEBAR_BELOW = 1170;

const query = `(max-width: ${MINI_SIDEBAR_BELOW - 0.02}px)`;

export function useNarrowWindow(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
  );
}
