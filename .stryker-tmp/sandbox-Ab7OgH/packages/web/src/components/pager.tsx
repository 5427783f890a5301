// @ts-nocheck
import { Button, Flex, Typography } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';

/** The spec's pagination widget: 3 pages around the current one, 2 at either end, gaps as '…'. */
export const PAGE_RANGE = 3;
export const MARGIN_PAGES = 2;

/** The page numbers to show, with null for a gap: pagesShown(6, 20) -> [1, 2, null, 5, 6, 7, null, 19, 20]. */
export function pagesShown(current: number, pages: number): (number | null)[] {
  const keep = new Set<number>();
  for (let p = 1; p <= Math.min(MARGIN_PAGES, pages); p++) keep.add(p);
  for (let p = Math.max(1, pages - MARGIN_PAGES + 1); p <= pages; p++) keep.add(p);
  let from = Math.max(1, current - Math.floor(PAGE_RANGE / 2));
  const to = Math.min(pages, from + PAGE_RANGE - 1);
  from = Math.max(1, to - PAGE_RANGE + 1);
  for (let p = from; p <= to; p++) keep.add(p);
  const out: (number | null)[] = [];
  let last = 0;
  for (const p of [...keep].sort((a, b) => a - b)) {
    if (p > last + 1) out.push(null);
    out.push(p);
    last = p;
  }
  return out;
}

export interface PagerProps {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** 'prevNext': Prev / page / Next (offers). */
  mode?: 'pages' | 'prevNext';
}

/** Shown only when there is more than one page. */
export function Pager({ page, pages, onChange, mode = 'pages' }: PagerProps) {
  if (pages <= 1) return null;
  const prev = (
    <Button
      size="small"
      disabled={page <= 1}
      onClick={() => onChange(page - 1)}
      aria-label={mode === 'pages' ? 'Previous page' : undefined}
      icon={mode === 'pages' ? <LeftOutlined /> : undefined}
    >
      {mode === 'prevNext' ? 'Prev' : null}
    </Button>
  );
  const next = (
    <Button
      size="small"
      disabled={page >= pages}
      onClick={() => onChange(page + 1)}
      aria-label={mode === 'pages' ? 'Next page' : undefined}
      icon={mode === 'pages' ? <RightOutlined /> : undefined}
    >
      {mode === 'prevNext' ? 'Next' : null}
    </Button>
  );
  return (
    <Flex justify="flex-end" align="center" gap={4} style={{ marginTop: 16 }} role="navigation" aria-label="Pagination">
      {prev}
      {mode === 'prevNext' ? (
        <Typography.Text style={{ margin: '0 8px' }}>
          {page} / {pages}
        </Typography.Text>
      ) : (
        pagesShown(page, pages).map((p, i) =>
          p === null ? (
            <Typography.Text key={`gap${i}`} type="secondary" style={{ padding: '0 4px' }}>
              …
            </Typography.Text>
          ) : (
            <Button
              key={p}
              size="small"
              type={p === page ? 'primary' : 'default'}
              aria-current={p === page ? 'page' : undefined}
              onClick={() => p !== page && onChange(p)}
            >
              {p}
            </Button>
          ),
        )
      )}
      {next}
    </Flex>
  );
}
