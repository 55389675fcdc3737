import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockApiRoutes } from 'shared-contracts/src/testing';
import StoreApp from '../StoreApp';
import { order, renderAt, signIn, signOut } from '../testing/fixtures';

const ORDER = 'GET /api/commerce/order/o1';
let print: jest.SpyInstance;

beforeEach(() => {
  signIn();
  print = jest.spyOn(window, 'print').mockImplementation(() => undefined);
});
afterEach(() => {
  print.mockRestore();
  signOut();
});

describe('OrderPage', () => {
  it('shows the order number, date, status, lines and totals', async () => {
    mockApiRoutes({ [ORDER]: { body: order() } });
    renderAt('/order/o1', <StoreApp />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order M-20260105-4F7K2' })).toBeInTheDocument();
    expect(screen.getByText('January 05, 2026')).toBeInTheDocument();
    expect(screen.getByText('Purchased')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('The Strategy Playbook Hardcover Quantity: 2 $59.90');
    expect(screen.getByText('$68.64')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
    // Opened by its link (not by Place order): no confirmation (issue 26).
    expect(screen.queryByRole('heading', { name: 'Order confirmed' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Thank you, your order/)).not.toBeInTheDocument();
  });

  it('adds the receipt with ?receipt=true and prints it on Print receipt', async () => {
    mockApiRoutes({ [ORDER]: { body: order() } });
    renderAt('/order/o1?receipt=true', <StoreApp />);
    const receipt = await screen.findByRole('region', { name: 'Receipt' });
    expect(within(receipt).getByText('Card ending in 4242 (Visa)')).toBeInTheDocument();
    expect(within(receipt).getAllByText(/Boston/).length).toBeGreaterThan(0);
    await userEvent.click(within(receipt).getByRole('button', { name: 'Print receipt' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('prints once with ?printMe=true', async () => {
    mockApiRoutes({ [ORDER]: { body: order() } });
    const { rerender } = renderAt('/order/o1?printMe=true', <StoreApp />);
    await screen.findByRole('heading', { level: 1, name: 'Order M-20260105-4F7K2' });
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    rerender(<></>);
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('shows a subscription order with its account number', async () => {
    mockApiRoutes({ [ORDER]: { body: order({ subscription: { roleCode: 'ROLE_HBRG_GOOD', accountNumber: 'A123' } }) } });
    renderAt('/order/o1', <StoreApp />);
    const section = await screen.findByRole('region', { name: 'Subscription' });
    expect(section).toHaveTextContent('Account number: A123');
    expect(section).toHaveTextContent('Your subscriber access starts the next time you load a page.');
  });

  it('says the order was not found on a 404', async () => {
    mockApiRoutes({});
    renderAt('/order/o1', <StoreApp />);
    expect(await screen.findByText('We could not find that order.')).toBeInTheDocument();
  });

  it('asks for sign-in on a 401', async () => {
    signOut();
    mockApiRoutes({ [ORDER]: { status: 401, body: { message: 'Sign in' } } });
    renderAt('/order/o1', <StoreApp />);
    expect(await screen.findByRole('button', { name: 'SIGN IN' })).toBeInTheDocument();
  });
});
