import { useState } from 'react';
import { hashKey, type UseQueryResult } from '@tanstack/react-query';
import type { SortOrder } from '@/hooks/use-collection-params.ts';

/**
 * A report sorted on the server, asked with Get: the order shown, the body asked (none until Get, or the first
 * order's at once when `auto`: anyone but an administrator sees their own), and `get`, which asks again even
 * when nothing changed (the figures move while campaigns send). A new order re-asks what was asked, not the
 * filters being edited.
 */
export function useSortedReport<B extends { orderBy?: string; direction?: string }, R>(opts: {
  first: SortOrder;
  /** The body of the filters as they are now, in this order. */
  bodyFor: (o: SortOrder) => B;
  auto: boolean;
  load: (body: B | undefined) => UseQueryResult<R>;
}) {
  const [order, setOrder] = useState(opts.first);
  const [body, setBody] = useState<B | undefined>(() => (opts.auto ? opts.bodyFor(opts.first) : undefined));
  const report = opts.load(body);
  const get = () => {
    const next = opts.bodyFor(order);
    if (body && hashKey([next]) === hashKey([body])) void report.refetch();
    else setBody(next);
  };
  const onOrder = (o: SortOrder) => {
    setOrder(o);
    if (body) setBody({ ...body, orderBy: o.field, direction: o.dir });
  };
  return { order, onOrder, body, report, get };
}
