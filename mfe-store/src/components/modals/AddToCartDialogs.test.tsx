/**
 * The 'Added to cart' dialog answers a reader who clicks as soon as it shows, before its
 * recommendations arrive: Continue Shopping closes it, and the late recommendations neither reopen
 * it nor move its buttons (the dialog is held at the top, so they grow it downwards).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { userStore } from 'shared-contracts';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import StoreApp from '../../StoreApp';
import { cart, detail, line, product, renderAt } from '../../testing/fixtures';

const RECOMMENDATIONS = 'GET /api/store/recommendations';

function holdRecommendations() {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  const api = mockApiRoutes({
    'GET /api/store/product/AV100': { body: detail() },
    'POST /api/shopping-cart': { body: { itemAdded: true, items: [line()], cart: cart({ itemCount: 1 }), maintenanceStatus: false } },
    [RECOMMENDATIONS]: async () => {
      await held;
      return { body: { placement: 'added-to-cart', products: [product({ id: 'p9', title: 'Leading Change', productUrl: '/product/leading-change/AV900' })] } };
    },
  });
  return { api, release: () => act(async () => release()) };
}

beforeEach(() => {
  window.dataLayer = [];
  sessionStorage.clear();
  act(() => userStore.getState().setCartCount(0));
});

describe('AddedToCartDialog', () => {
  it('closes on Continue Shopping clicked the moment it shows, before the recommendations arrive, and stays closed after', async () => {
    const { api, release } = holdRecommendations();
    const errors = jest.spyOn(console, 'error');
    renderAt('/product/x/AV100', <StoreApp />);
    const add = await screen.findByRole('button', { name: 'Add to cart' });
    await userEvent.click(add);
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    // The recommendations are asked for and not answered yet.
    await waitFor(() => expect(api.urls(RECOMMENDATIONS)).toHaveLength(1));
    expect(within(dialog).queryByText('You might also like')).not.toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(add).toHaveFocus();

    await release();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('You might also like')).not.toBeInTheDocument();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
  });

  it('is held at the top of the screen, so the recommendations grow it downwards and Continue Shopping keeps its place', async () => {
    const { release } = holdRecommendations();
    renderAt('/product/x/AV100', <StoreApp />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    const dialog = await screen.findByRole('dialog', { name: 'Added to cart' });
    // Centred in the backdrop (align-items: center), a dialog that grows moves its buttons up.
    expect(getComputedStyle(dialog).alignSelf).toBe('flex-start');
    await release();
    expect(await within(dialog).findByRole('link', { name: 'Leading Change' })).toBeInTheDocument();
    // The recommendations come after the buttons, so they add height below them only.
    const continueShopping = within(dialog).getByRole('button', { name: 'Continue Shopping' });
    const recommendations = within(dialog).getByRole('region', { name: 'You might also like' });
    expect(continueShopping.compareDocumentPosition(recommendations) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await userEvent.click(continueShopping);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
