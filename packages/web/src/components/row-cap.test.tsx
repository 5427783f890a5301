import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { UploadKinds } from '@console/shared/uploads';
import { RowCap } from './row-cap.tsx';

afterEach(cleanup);

/** The caps as GET /api/upload_limits answers them (keys: kind numbers), already loaded. */
function withLimits(limits: Record<number, number>) {
  const client = new QueryClient();
  client.setQueryData(['upload-limits'], limits);
  return ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

describe('<RowCap>: the upload dialogs tell the cap before a file is chosen', () => {
  it("says the kind's own cap", () => {
    render(<RowCap kind={UploadKinds.socks} />, {
      wrapper: withLimits({ [UploadKinds.socks]: 1_000_000, [UploadKinds.emails]: 10_000_000 }),
    });
    expect(screen.getByTestId('row-cap').textContent).toBe('At most 1,000,000 rows per file.');
  });

  it('says nothing until the caps are known', () => {
    render(<RowCap kind={UploadKinds.socks} />, { wrapper: withLimits({}) });
    expect(screen.queryByTestId('row-cap')).toBeNull();
  });
});
