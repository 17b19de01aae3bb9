import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useSearchUpdate } from './use-search-update';

let update: ReturnType<typeof useSearchUpdate>[1] | undefined;
function Page() {
  const [search, change] = useSearchUpdate();
  update = change;
  return <output>{search.toString()}</output>;
}

describe('useSearchUpdate', () => {
  it('keeps both of two changes made before the page re-renders, and follows the back button', async () => {
    const router = createMemoryRouter([{ path: '/upcoming', element: <Page /> }], { initialEntries: ['/upcoming'] });
    const view = render(<RouterProvider router={router} />);
    const set = (key: string, value: string) => (current: URLSearchParams) => {
      current.set(key, value);
      return current;
    };

    // Both in one go: no render between them, as when the fan's second pick comes before the first re-renders.
    await act(async () => {
      update?.(set('sport', '2'));
      update?.(set('school', '1'));
    });
    expect(router.state.location.search).toBe('?sport=2&school=1');
    expect(view.getByRole('status').textContent).toBe('sport=2&school=1');

    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.search).toBe('?sport=2');
    await act(async () => {
      update?.(set('gender', 'women'));
    });
    expect(router.state.location.search).toBe('?sport=2&gender=women');
  });
});
