/**
 * The member's help boxes load at the reader's first move (UserMenu.tsx). A tip is optional: when
 * its code cannot be fetched, the header shows nothing about it, and the menu still works.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { userStore } from 'shared-contracts';
import { COUNTRY_CACHE_KEY } from 'shared-contracts/geo';
import { mockFetch, sampleUser } from 'shared-contracts/src/testing';
import { Header } from './Header';

jest.mock('../RemoteSlot', () => ({ RemoteSlot: () => null, SlotFallback: () => null }));
const mockAsked = jest.fn();
jest.mock('../helpboxes/HelpBoxSlot', () => {
  mockAsked();
  throw new Error('offline: the help-box chunk could not be fetched');
});

it("says nothing in the header when the member's help-box code cannot be fetched", async () => {
  sessionStorage.setItem(COUNTRY_CACHE_KEY, '');
  mockFetch(() => ({ status: 404, body: { message: 'Not found' } }));
  act(() => userStore.getState().setUser(sampleUser({ firstName: 'Ada' })));
  render(
    <MemoryRouter initialEntries={['/']}>
      <Header />
    </MemoryRouter>,
  );
  const button = await screen.findByRole('button', { name: 'Account menu for Ada' });
  // The reader's first move asks for the help-box code, which fails.
  fireEvent.scroll(window);
  await waitFor(() => expect(mockAsked).toHaveBeenCalled());
  // The menu still works; by the time its list has arrived, the failed import has been answered.
  fireEvent.click(button);
  expect(await screen.findByRole('list', { name: 'Account' })).toBeVisible();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
});
