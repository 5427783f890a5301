// @ts-nocheck
import { useEffect } from 'react';
import { Outlet, useMatches } from 'react-router';

/** The top route: keeps the browser tab's title in step with the screen. */
export function Root() {
  const matches = useMatches();
  const title = [...matches]
    .reverse()
    .map((m) => (m.handle as { title?: string } | undefined)?.title)
    .find(Boolean);
  useEffect(() => {
    document.title = title ? `${title} · Campaign Console` : 'Campaign Console';
  }, [title]);
  return <Outlet />;
}
