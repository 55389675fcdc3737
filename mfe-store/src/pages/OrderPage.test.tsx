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
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('The Strategy Playbook Hardcover · Quantity: 2 $59.90');
    expect(screen.getByText('$68.64')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Receipt' })).not.toBeInTheDocument();
    expect(print).not.toHaveBeenCalled();
    // Opened by its link (not by Place order): no confirmation.
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

  it('links each digital line to its files, one per format, and none for a shipped line', async () => {
    const ebook = {
      title: 'The Quiet Operator',
      format: 'Ebook',
      sku: 'B12345-KND',
      lineType: 'EBOOK' as const,
      quantity: 1,
      unitPriceCents: 1999,
      lineTotalCents: 1999,
      productUrl: null,
      lineId: '1',
      downloads: [
        { link: '/api/downloads/o1/1/epub', format: 'epub' as const, label: 'EPUB', expiresAt: null, expired: false },
        { link: '/api/downloads/o1/1/pdf', format: 'pdf' as const, label: 'PDF', expiresAt: null, expired: false },
      ],
    };
    mockApiRoutes({ [ORDER]: { body: order({ lines: [{ ...order().lines[0]!, lineId: '0', downloads: [] }, ebook] }) } });
    renderAt('/order/o1', <StoreApp />);
    const list = await screen.findByRole('list', { name: 'Downloads for The Quiet Operator' });
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Download EPUB', '/api/downloads/o1/1/epub'],
      ['Download PDF', '/api/downloads/o1/1/pdf'],
    ]);
    expect(screen.getByRole('link', { name: 'Download PDF, The Quiet Operator' })).toHaveAttribute('data-download-format', 'pdf');
    expect(screen.queryByRole('list', { name: 'Downloads for The Strategy Playbook' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Available until|access to this case study/)).not.toBeInTheDocument();
  });

  it("shows a case study's end of access, and its link as expired once it has passed (SITE-09)", async () => {
    const caseStudy = (expired: boolean) => ({
      title: 'Northwind Foods: The Pricing Reset',
      format: 'PDF',
      sku: 'C100200-PDF',
      lineType: 'DIGITAL' as const,
      quantity: 1,
      unitPriceCents: 895,
      lineTotalCents: 895,
      productUrl: null,
      lineId: '0',
      downloads: [{ link: '/api/downloads/o1/0/pdf', format: 'pdf' as const, label: 'PDF', expiresAt: '2026-07-05T10:00:00.000Z', expired }],
    });
    mockApiRoutes({ [ORDER]: { body: order({ lines: [caseStudy(false)] }) } });
    const { unmount } = renderAt('/order/o1', <StoreApp />);
    expect(await screen.findByRole('link', { name: 'Download PDF, Northwind Foods: The Pricing Reset' })).toHaveAttribute('href', '/api/downloads/o1/0/pdf');
    expect(screen.getByText('Available until July 05, 2026')).toBeInTheDocument();
    unmount();

    mockApiRoutes({ [ORDER]: { body: order({ lines: [caseStudy(true)] }) } });
    renderAt('/order/o1', <StoreApp />);
    const list = await screen.findByRole('list', { name: 'Downloads for Northwind Foods: The Pricing Reset' });
    expect(within(list).queryByRole('link')).not.toBeInTheDocument();
    expect(within(list).getByText('PDF: expired')).toHaveAttribute('data-download-expired', 'true');
    expect(screen.getByText('Your access to this case study ended on July 05, 2026.')).toBeInTheDocument();
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
