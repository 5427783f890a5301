// @ts-nocheck
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Pager, pagesShown } from './pager.tsx';

afterEach(cleanup);

describe('pagesShown: the spec pager (3 around the current page, 2 at each end)', () => {
  it.each([
    [1, 1, [1]],
    [1, 5, [1, 2, 3, 4, 5]],
    [6, 20, [1, 2, null, 5, 6, 7, null, 19, 20]],
    [1, 20, [1, 2, 3, null, 19, 20]],
    [20, 20, [1, 2, null, 18, 19, 20]],
  ])('page %i of %i: %j', (current, pages, shown) => {
    expect(pagesShown(current, pages)).toEqual(shown);
  });
});

describe('<Pager>', () => {
  it('shows nothing for a single page', () => {
    const { container } = render(<Pager page={1} pages={1} onChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });

  it('Prev / Next mode: Prev is off on the first page, Next moves on', () => {
    const onChange = vi.fn();
    render(<Pager page={1} pages={3} mode="prevNext" onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Prev' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
  });
});
